import type { User } from '@esim/contracts';

/** The avatar's letter: the first letter of the first name, or "A" (SPEC "Dashboard layout"). */
export const getAvatarLetter = (firstName: string | undefined | null): string =>
  firstName?.trim().charAt(0).toLocaleUpperCase() || 'A';

export const getFullName = (user: Pick<User, 'first_name' | 'last_name'> | null): string =>
  [user?.first_name?.trim(), user?.last_name?.trim()].filter(Boolean).join(' ');
