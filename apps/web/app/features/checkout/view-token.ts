/**
 * The receipt view token of a paid order, kept in sessionStorage: a reload in the same tab shows the QR code
 * again, while a new tab (or anyone else opening the return URL) gets "completed earlier" from the server.
 */
const storageKey = (orderId: string) => `order-view:${orderId}`;
/**
 * The token the order form received on creation: kept apart from the receipt's, so the success page still
 * confirms with the provider before it shows a receipt; the failure page's "try again" sends it.
 */
const payKey = (orderId: string) => `order-pay:${orderId}`;

const getStorage = (): Storage | undefined => {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
};

export const readViewToken = (orderId: string): string | null =>
  getStorage()?.getItem(storageKey(orderId)) ?? null;

export const saveViewToken = (orderId: string, token: string) => {
  try {
    getStorage()?.setItem(storageKey(orderId), token);
  } catch {
    // Storage full or disabled: the page still shows the QR code until it is closed.
  }
};

export const readPayToken = (orderId: string): string | null =>
  getStorage()?.getItem(payKey(orderId)) ?? null;

export const savePayToken = (orderId: string, token: string) => {
  try {
    getStorage()?.setItem(payKey(orderId), token);
  } catch {
    // Storage full or disabled: a signed-in buyer can still try again; others start a new order.
  }
};

export const forgetViewToken = (orderId: string) => {
  try {
    getStorage()?.removeItem(storageKey(orderId));
  } catch {
    // Nothing stored.
  }
};
