/**
 * The order form's contract on its own, for the form to import once the page is usable (order-form.tsx): the
 * order body, with the gift's recipient as fields of the form that are checked (by the gift's own contract) only
 * when "a gift for someone else" is ticked, and sent as the body's `gift`.
 */
import { createOrderBodySchema, giftRecipientSchema } from '@esim/contracts';
import { z } from 'zod';

type RecipientFields = {
  recipientEmail?: string;
  recipientName?: string;
  message?: string;
  recipientLocale?: string;
};

/** The recipient as the gift's contract reads it; an empty message is no message. */
const recipientOf = (values: RecipientFields) => ({
  recipientEmail: values.recipientEmail ?? '',
  recipientName: values.recipientName ?? '',
  recipientLocale: values.recipientLocale ?? '',
  ...(values.message?.trim() ? { message: values.message } : {}),
});

const optionalText = z.string().optional();

export const orderFormSchema = createOrderBodySchema
  .omit({ gift: true })
  .extend({
    asGift: z.boolean().optional(),
    recipientEmail: optionalText,
    recipientName: optionalText,
    message: optionalText,
    recipientLocale: optionalText,
  })
  .superRefine((values, ctx) => {
    if (!values.asGift) return;
    const gift = giftRecipientSchema.safeParse(recipientOf(values));
    if (!gift.success) for (const issue of gift.error.issues) ctx.addIssue({ ...issue });
  })
  .transform(({ asGift, recipientEmail, recipientName, message, recipientLocale, ...order }) =>
    asGift
      ? {
          ...order,
          gift: giftRecipientSchema.parse(
            recipientOf({ recipientEmail, recipientName, message, recipientLocale }),
          ),
        }
      : order,
  );
