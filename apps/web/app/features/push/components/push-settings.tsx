import type { WebPushSubscriptionBody } from '@esim/contracts';
import { Alert, Button, Paper, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getPushConfig, removeWebPushSubscription, saveWebPushSubscription } from '../api/push';

type State = 'loading' | 'hidden' | 'unsupported' | 'blocked' | 'off' | 'on';

/** The VAPID key as the Push API takes it (base64url text to bytes). */
const keyBytes = (base64url: string) => {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
};

const supported = () =>
  typeof window !== 'undefined' &&
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  'Notification' in window;

/** The site's worker (public/sw.js) registration; registering again answers the same one. */
const registration = () => navigator.serviceWorker.register('/sw.js');

const toBody = (subscription: PushSubscription) => subscription.toJSON() as WebPushSubscriptionBody;

/**
 * "Notifications" on the profile page: a signed-in customer allows push on this browser (or turns it off). The
 * subscription is stored with their account, so the data alerts and staff messages reach this device.
 */
export const PushSettings = () => {
  const { t } = useTranslation('push');
  const [state, setState] = useState<State>('loading');
  const [publicKey, setPublicKey] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    const look = async (): Promise<State> => {
      const { webPushPublicKey } = await getPushConfig();
      if (!webPushPublicKey) return 'hidden';
      if (live) setPublicKey(webPushPublicKey);
      if (!supported()) return 'unsupported';
      if (Notification.permission === 'denied') return 'blocked';
      const subscription = await (await registration()).pushManager.getSubscription();
      if (!subscription) return 'off';
      // Stored again: the account may have changed on this browser since, or the server forgot a dead one.
      await saveWebPushSubscription(toBody(subscription));
      return 'on';
    };
    look()
      .then((next) => live && setState(next))
      .catch(() => live && setState('hidden'));
    return () => {
      live = false;
    };
  }, []);

  const allow = async () => {
    if (!publicKey) return;
    setBusy(true);
    setFailed(false);
    try {
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') {
        setState(permission === 'denied' ? 'blocked' : 'off');
        return;
      }
      const subscription = await (await registration()).pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: keyBytes(publicKey),
      });
      await saveWebPushSubscription(toBody(subscription));
      setState('on');
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  const turnOff = async () => {
    setBusy(true);
    setFailed(false);
    try {
      const subscription = await (await registration()).pushManager.getSubscription();
      if (subscription) {
        await removeWebPushSubscription(subscription.endpoint).catch(() => undefined);
        await subscription.unsubscribe();
      }
      setState('off');
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  if (state === 'loading' || state === 'hidden') return null;
  return (
    <Paper
      withBorder
      p={{ base: 'md', sm: 'lg' }}
      radius="lg"
      component="section"
      aria-labelledby="profile-notifications"
      data-testid="push-settings"
    >
      <Title order={2} size="h4" id="profile-notifications" mb="xs">
        {t('settings.heading')}
      </Title>
      <Text size="sm" mb="md">
        {t('settings.intro')}
      </Text>
      {failed ? (
        <Alert color="red.9" variant="outline" role="alert" mb="md">
          <Text size="sm">{t('settings.failed')}</Text>
        </Alert>
      ) : null}
      <Text size="sm" mb="md" role="status" data-testid="push-state">
        {state === 'on'
          ? t('settings.on')
          : state === 'blocked'
            ? t('settings.blocked')
            : state === 'unsupported'
              ? t('settings.unsupported')
              : t('settings.off')}
      </Text>
      {state === 'off' ? (
        <Button onClick={() => void allow()} loading={busy} data-testid="push-allow">
          {t('settings.allow')}
        </Button>
      ) : null}
      {state === 'on' ? (
        <Button variant="outline" onClick={() => void turnOff()} loading={busy} data-testid="push-turn-off">
          {t('settings.turnOff')}
        </Button>
      ) : null}
    </Paper>
  );
};
