import type { CreateOrderBody } from '@esim/contracts';
import { type TrafficTouch, touchOf, trafficSourceOf } from '@esim/contracts/traffic-rules';

/**
 * The visit the site keeps for statistics (ADR 0066, 0067), in local storage and only after the visitor accepted
 * statistics cookies (the beacon chunk writes it; a withdrawal removes it, ADR 0086). A visit ends after 30 minutes without
 * a page, or when a page brings another source or campaign; the first touch is kept 90 days.
 */
const storageKey = 'traffic-visit';
const idleMs = 30 * 60_000;
const firstTouchMs = 90 * 86_400_000;

export type Visit = {
  id: string;
  lastAt: number;
  /** Where this visit came from (its last touch). */
  touch: TrafficTouch;
  /** The first visit's touch and when it was. */
  first: TrafficTouch & { at: number };
};

type VisitStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** Consent withdrawn: the visit (its anonymous id and touches) is forgotten. */
export const forgetVisit = (storage: Pick<Storage, 'removeItem'>) => {
  try {
    storage.removeItem(storageKey);
  } catch {
    // Storage refused: nothing was kept there.
  }
};

export const readVisit = (storage: Pick<Storage, 'getItem'>): Visit | null => {
  try {
    const saved = JSON.parse(storage.getItem(storageKey) ?? 'null') as Visit | null;
    return saved && typeof saved.id === 'string' && saved.touch && saved.first ? saved : null;
  } catch {
    return null;
  }
};

const sameSource = (a: TrafficTouch, b: TrafficTouch) =>
  trafficSourceOf(a) === trafficSourceOf(b) && (a.utmCampaign ?? '') === (b.utmCampaign ?? '');

/** A page seen: the visit it belongs to (a new one when it starts one) and whether it is the visit's first page. */
export const enterPage = (
  storage: VisitStorage,
  page: URL,
  referrer: string,
  now = Date.now(),
  newId: () => string = () => crypto.randomUUID(),
): { visit: Visit; entry: boolean } => {
  const saved = readVisit(storage);
  const touch = touchOf(page, referrer);
  const entry = !saved || now - saved.lastAt > idleMs || (touch !== null && !sameSource(touch, saved.touch));
  const current = touch ?? { landingPage: page.pathname.slice(0, 200) };
  const visit: Visit =
    entry || !saved
      ? {
          id: newId(),
          lastAt: now,
          touch: current,
          first: saved && now - saved.first.at < firstTouchMs ? saved.first : { ...current, at: now },
        }
      : { ...saved, lastAt: now };
  storage.setItem(storageKey, JSON.stringify(visit));
  return { visit, entry };
};

type Attribution = NonNullable<CreateOrderBody['attribution']>;

const defined = <T extends object>(value: T) =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;

/**
 * The visit's part of an order's attribution (ADR 0067): its own touch, which replaces the order page's (the
 * campaign is usually pages behind), with its medium, referring site and id, and the visitor's first touch.
 * Null without a stored visit.
 */
export const visitAttribution = (storage: Pick<Storage, 'getItem'>): Attribution | null => {
  const visit = readVisit(storage);
  if (!visit) return null;
  const { at: _at, ...first } = visit.first;
  return { ...defined(visit.touch), sessionId: visit.id, firstTouch: defined(first) };
};
