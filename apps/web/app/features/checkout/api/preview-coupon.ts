import type { CouponPreview } from '@esim/contracts';
import { api } from '../../../lib/api';

/** POST /api/coupons/preview: what a coupon would take off the package (nothing is held until the order). */
export const previewCoupon = (code: string, packageSlug: string) =>
  api.post<CouponPreview>('/coupons/preview', { code, packageSlug });
