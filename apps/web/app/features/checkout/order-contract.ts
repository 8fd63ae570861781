/** The order form's contract on its own, for the form to import once the page is usable (order-form.tsx). */
export { createOrderBodySchema } from '@esim/contracts';
