/** Where one push message goes: a native app's FCM registration token, or a browser's Web Push subscription. */
export type PushTarget =
  | { kind: 'fcm'; token: string }
  | { kind: 'web'; endpoint: string; p256dh: string; auth: string };

export type PushMessage = {
  title: string;
  body: string;
  /** A path on the site the notification opens (`/account/packages`). */
  url: string;
};

/**
 * The push service said the token or subscription is gone for good (FCM `UNREGISTERED`, Web Push 404/410): the
 * device is removed and the message is not retried.
 */
export class InvalidPushTargetError extends Error {
  constructor(readonly reason: string) {
    super(`push target no longer valid: ${reason}`);
  }
}

/** Delivers one push message or throws (InvalidPushTargetError for a dead token); the outbox job retries the rest. */
export type PushTransport = {
  name: string;
  deliver: (target: PushTarget, message: PushMessage) => Promise<void>;
};
