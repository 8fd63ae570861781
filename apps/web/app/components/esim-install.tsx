import type { EsimInstall as EsimInstallData } from '@esim/contracts';
import { Button, CopyButton, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export type AndroidGuide = { heading: string; steps: string[] };

const CopyField = ({ label, value, testId }: { label: string; value: string; testId: string }) => {
  const { t } = useTranslation();
  return (
    <div>
      <Text component="dt" size="sm" fw={600}>
        {label}
      </Text>
      <Group component="dd" gap="xs" wrap="nowrap" align="center" m={0}>
        <code dir="ltr" data-testid={testId} style={{ overflowWrap: 'anywhere', fontSize: '0.9rem' }}>
          {value}
        </code>
        <CopyButton value={value} timeout={2000}>
          {({ copied, copy }) => (
            <Button
              size="compact-sm"
              variant="outline"
              onClick={copy}
              style={{ flex: 'none' }}
              aria-label={`${copied ? t('checkout:success.copied') : t('checkout:success.copy')}: ${label}`}
            >
              {copied ? t('checkout:success.copied') : t('checkout:success.copy')}
            </Button>
          )}
        </CopyButton>
      </Group>
    </div>
  );
};

/**
 * How to install the eSIM: the QR code, the SM-DP+ address and activation code to type in by hand (each with a
 * copy button), the iPhone one-tap link and the Android steps (the how-to-connect page's, in the page language).
 */
export const EsimInstall = ({
  esim,
  packageName,
  android,
}: {
  esim: EsimInstallData;
  packageName: string;
  android: AndroidGuide;
}) => {
  const { t } = useTranslation();
  return (
    <Stack gap="lg" data-testid="esim-install">
      <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="esim-install-heading">
        <Title order={2} size="h3" id="esim-install-heading" mb="md">
          {t('checkout:success.installHeading')}
        </Title>
        <Group align="flex-start" gap="xl">
          <figure style={{ margin: 0, maxWidth: 260 }}>
            <img
              src={esim.qrCodeDataUrl}
              alt={t('checkout:success.qrAlt', { package: packageName })}
              width={240}
              height={240}
              style={{ display: 'block', maxWidth: '100%', height: 'auto', imageRendering: 'pixelated' }}
              data-testid="esim-qr"
            />
            <Text component="figcaption" size="sm" mt="xs">
              {t('checkout:success.scanHint')}
            </Text>
          </figure>
          <Stack component="dl" gap="md" m={0} style={{ flex: '1 1 240px', minWidth: 0 }}>
            <CopyField
              label={t('checkout:success.smdpAddress')}
              value={esim.smdpAddress}
              testId="esim-smdp-address"
            />
            <CopyField
              label={t('checkout:success.activationCode')}
              value={esim.activationCode}
              testId="esim-activation-code"
            />
          </Stack>
        </Group>
      </Paper>
      <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="esim-ios-heading">
        <Title order={2} size="h3" id="esim-ios-heading">
          {t('checkout:success.iosHeading')}
        </Title>
        <Text mt="xs" mb="md">
          {t('checkout:success.iosText')}
        </Text>
        <Button component="a" href={esim.iosInstallLink} data-testid="esim-ios-link">
          {t('checkout:success.iosInstall')}
        </Button>
      </Paper>
      <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="esim-android-heading">
        <Title order={2} size="h3" id="esim-android-heading">
          {android.heading}
        </Title>
        <ol className="numbered-steps" data-testid="esim-android-steps">
          {android.steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
        <Text size="sm">
          {t('checkout:success.onceNote')} <Link to="/how-to-connect">{t('checkout:success.moreHelp')}</Link>
        </Text>
      </Paper>
    </Stack>
  );
};
