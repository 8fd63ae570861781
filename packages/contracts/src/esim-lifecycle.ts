/**
 * What an eSIM profile and a package on it may still do, by state (ADR 0091). Pure and free of zod, so the
 * server's routes and jobs and the site's, portal's and staff's screens ask the same table.
 */

export const esimStatuses = ['ready', 'installed', 'disabled', 'freed', 'cancelled'] as const;
export type EsimStatus = (typeof esimStatuses)[number];

export const esimPackageStatuses = ['queued', 'active', 'depleted', 'expired', 'moved', 'deleted'] as const;
export type EsimPackageStatus = (typeof esimPackageStatuses)[number];

/**
 * What can be done with an eSIM: show or send its QR code and install details (`install`), add a package to it
 * (`topUp`: a customer's top-up, a shop's refill), replace it (`change`), ask the provider for its usage
 * (`usage`), claim it as a gift (`claim`), free it when unused or cancel it with a refund (`end`).
 */
export type EsimAction = 'install' | 'topUp' | 'change' | 'usage' | 'claim' | 'end';

/** An eSIM that ended: replaced by a change of eSIM, freed unused, or cancelled at the provider by staff. */
export type EndedEsimStatus = Exclude<EsimStatus, 'ready' | 'installed'>;

const allowed: Record<EsimStatus, readonly EsimAction[]> = {
  ready: ['install', 'topUp', 'change', 'usage', 'claim', 'end'],
  // On a phone: the provider cancels only a profile never installed.
  installed: ['install', 'topUp', 'change', 'usage', 'claim'],
  disabled: [],
  freed: [],
  cancelled: [],
};

/** Whether an eSIM in this state may do this now (the state alone; "end" also needs it unused, see ADR 0091). */
export const esimAllows = (status: EsimStatus, action: EsimAction) => allowed[status].includes(action);

/** Whether the profile still works at the provider. */
export const isEsimLive = (status: EsimStatus): status is 'ready' | 'installed' =>
  status === 'ready' || status === 'installed';

/** The state that says how it ended, or null while it works. */
export const endedStatusOf = (status: EsimStatus): EndedEsimStatus | null =>
  isEsimLive(status) ? null : status;

/** The refusal of an action on an ended eSIM: its own code per way it ended, so the message says what happened. */
export const endedEsimErrorCodes = {
  disabled: 'ESIM_DISABLED',
  freed: 'ESIM_FREED',
  cancelled: 'ESIM_CANCELLED',
} as const satisfies Record<EndedEsimStatus, string>;

/** A package that still carries data the buyer paid for: in use, or waiting behind the one in use. */
export const isPackageLive = (status: EsimPackageStatus) => status === 'active' || status === 'queued';

/** A package that started (its validity clock runs) or carried data: the eSIM was used. */
export const isPackageStarted = (pkg: { activatedAt: unknown; dataUsedMb: number }) =>
  pkg.activatedAt !== null || pkg.dataUsedMb > 0;
