/** The contact and partner forms' contracts on their own, for the forms to import once the page is usable. */
export { contactMessageBodySchema, partnerApplicationBodySchema } from '@esim/contracts';
