/** What the gift-card form needs once it is usable, not to paint: its contract (zod) and the human check. */
import { buyGiftCardBodySchema } from '@esim/contracts';

export { createHumanProof } from '@esim/ui/human-proof';

// The human proof is solved when the form is sent, not typed.
export const giftCardFormSchema = buyGiftCardBodySchema.omit({ humanProof: true });
