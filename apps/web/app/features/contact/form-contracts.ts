/**
 * What the contact and partner forms need once they are usable, not to paint: their contracts (zod) and the
 * human check's solver. The forms import this module at hydration; sending finds it loaded.
 */
import { contactMessageBodySchema, partnerApplicationBodySchema } from '@esim/contracts';

export { createHumanProof } from '@esim/ui/human-proof';

// The human proof is solved when the form is sent, not typed: the forms check everything else.
export const contactFormSchema = contactMessageBodySchema.omit({ humanProof: true });
export const partnerFormSchema = partnerApplicationBodySchema.omit({ humanProof: true });
