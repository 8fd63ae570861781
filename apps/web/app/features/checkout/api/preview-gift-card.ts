import type { GiftCardPreview } from '@esim/contracts';
import { api } from '../../../lib/api';

/** POST /api/gift-cards/preview: what a code would pay of the package (nothing is held until the order). */
export const previewGiftCard = (code: string, packageSlug: string) =>
  api.post<GiftCardPreview>('/gift-cards/preview', { code, packageSlug });
