import { locales } from './locales';
import {
  allowLineBreaks,
  clearablePhoneField,
  countryCodeField,
  emailField,
  numberFieldOf,
  passwordField,
  phoneField,
  textField,
  typedPasswordField,
} from './validation';
import { apiSchemas, z } from './zod';

export const localeSchema = z.enum(locales);

/** How a customer wants usage notices: e-mail or SMS. */
export const alertChannels = ['email', 'sms'] as const;

export const accountKinds = ['customer', 'shop', 'staff'] as const;
export const accountKindSchema = z.enum(accountKinds);
export type AccountKind = z.infer<typeof accountKindSchema>;

export const staffRoles = ['admin', 'editor', 'analytics'] as const;
export const staffRoleSchema = z.enum(staffRoles);
export type StaffRole = z.infer<typeof staffRoleSchema>;
/** role_id values of SPEC section 6: the sidebar checks role_id 1 for admin. */
export const staffRoleIds: Record<StaffRole, number> = { admin: 1, editor: 2, analytics: 3 };

export const nameField = textField(50);

export const userSchema = z
  .object({
    id: z.string(),
    kind: accountKindSchema,
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    country: z.string().nullable(),
    locale: localeSchema,
    /** Customers: how the 60 % data notice arrives. */
    alert_channel: z.enum(alertChannels),
    role_id: z.number().int().nullable(),
    role: z.object({ id: z.number().int(), name: staffRoleSchema }).nullable(),
    shop: z.object({ id: z.string(), name: z.string(), status: z.string() }).nullable(),
  })
  .register(apiSchemas, { id: 'User' });
export type User = z.infer<typeof userSchema>;

/** The order kept in the session (SPEC section 3: its fields are not shown); the latest unfinished order or null. */
export const sessionOrderSchema = z
  .object({ id: z.string(), number: z.string(), status: z.string() })
  .nullable()
  .register(apiSchemas, { id: 'SessionOrder' });
export type SessionOrder = NonNullable<z.infer<typeof sessionOrderSchema>>;

export const tokenResponseSchema = z
  .object({
    access_token: z.string(),
    token_type: z.literal('Bearer'),
    expires_in: z.number().int(),
    user: userSchema,
  })
  .register(apiSchemas, { id: 'TokenResponse' });
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

export const userProfileResponseSchema = z.object({ user: userSchema, order: sessionOrderSchema });
export type UserProfileResponse = z.infer<typeof userProfileResponseSchema>;

export const messageResponseSchema = z
  .object({ message: z.string() })
  .register(apiSchemas, { id: 'Message' });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** Proof-of-work solution from the human-verification challenge (DESIGN section 5). */
export const humanProofField = z.string().min(1).max(4000);

export const loginBodySchema = z.strictObject({ email: emailField, password: typedPasswordField });
export type LoginBody = z.infer<typeof loginBodySchema>;

const withPasswordMatch = <T extends { password: string; confirmPassword: string }>(value: T) =>
  value.password === value.confirmPassword;

export const registerBodySchema = z
  .strictObject({
    firstName: nameField,
    lastName: nameField,
    email: emailField,
    password: passwordField,
    confirmPassword: typedPasswordField,
    phoneNumber: phoneField,
    humanProof: humanProofField,
  })
  .refine(withPasswordMatch, { message: 'passwordMatch', path: ['confirmPassword'] });
export type RegisterBody = z.infer<typeof registerBodySchema>;

export const portalRegisterBodySchema = z
  .strictObject({
    firstName: nameField,
    lastName: nameField,
    email: emailField,
    password: passwordField,
    confirmPassword: typedPasswordField,
    phoneNumber: phoneField,
    shopName: textField(100, 2),
    sellShopPrice: numberFieldOf(z.number().min(0).max(1000)),
    humanProof: humanProofField,
  })
  .refine(withPasswordMatch, { message: 'passwordMatch', path: ['confirmPassword'] });
export type PortalRegisterBody = z.infer<typeof portalRegisterBodySchema>;

export const logoMaxBytes = 2 * 1024 * 1024;
export const logoMimeTypes = ['image/png', 'image/jpeg', 'image/webp'] as const;

export const forgotPasswordBodySchema = z.strictObject({
  email: emailField,
  accountType: z.enum(['customer', 'shop']).default('customer'),
  humanProof: humanProofField,
});
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBodySchema>;

/** Reset password says "Password and Confirm Password do not match!" (SPEC section 5), not the generic rule. */
export const resetPasswordBodySchema = z
  .strictObject({
    token: z.string().min(1).max(200),
    password: passwordField,
    confirmPassword: typedPasswordField,
  })
  .refine(withPasswordMatch, { message: 'resetPasswordMatch', path: ['confirmPassword'] });
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

export const changePasswordBodySchema = z
  .strictObject({
    currentPassword: typedPasswordField,
    password: passwordField,
    confirmPassword: typedPasswordField,
  })
  .refine(withPasswordMatch, { message: 'passwordMatch', path: ['confirmPassword'] });
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

export const updateProfileBodySchema = z.strictObject({
  firstName: nameField,
  lastName: nameField,
  email: emailField,
  /** Optional on a profile: empty or null clears it, leaving it out keeps it. */
  phoneNumber: clearablePhoneField.optional(),
  country: countryCodeField.nullish(),
  locale: localeSchema.optional(),
  alertChannel: z.enum(alertChannels).optional(),
  /** Needed only when `email` differs from the account's address (ADR 0018); checked by the server. */
  currentPassword: allowLineBreaks(z.string().max(128)).optional(),
});
export type UpdateProfileBody = z.infer<typeof updateProfileBodySchema>;

/** The answer to a profile update: `pendingEmail` is the new address waiting for its confirmation link. */
export const updateProfileResponseSchema = z.object({
  user: userSchema,
  message: z.string(),
  pendingEmail: z.string().nullable(),
});
export type UpdateProfileResponse = z.infer<typeof updateProfileResponseSchema>;

/** The link of an e-mail change: the confirmation sent to the new address, or the cancel link sent to the old. */
export const emailChangeTokenBodySchema = z.strictObject({ token: z.string().min(1).max(200) });
export type EmailChangeTokenBody = z.infer<typeof emailChangeTokenBodySchema>;

/** Which kind of account the link belonged to, so the page can offer the right login. */
export const emailChangeResponseSchema = z.object({ message: z.string(), kind: accountKindSchema });
export type EmailChangeResponse = z.infer<typeof emailChangeResponseSchema>;

export const verifyEmailBodySchema = z.strictObject({ token: z.string().min(1).max(200) });
export type VerifyEmailBody = z.infer<typeof verifyEmailBodySchema>;

export const humanChallengeSchema = z
  .object({
    parameters: z.object({
      algorithm: z.string(),
      nonce: z.string(),
      salt: z.string(),
      cost: z.number(),
      keyLength: z.number(),
      keyPrefix: z.string(),
      keySignature: z.string().optional(),
      memoryCost: z.number().optional(),
      parallelism: z.number().optional(),
      expiresAt: z.number().optional(),
      data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
    }),
    signature: z.string().optional(),
  })
  .register(apiSchemas, { id: 'HumanChallenge' });
export type HumanChallenge = z.infer<typeof humanChallengeSchema>;

export const geoResponseSchema = z.object({ country_code: z.string().nullable() });
export type GeoResponse = z.infer<typeof geoResponseSchema>;
