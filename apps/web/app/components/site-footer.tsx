import { Anchor, Container, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePublicSettings } from '../features/settings/api/get-public-settings';

const whatsappLink = (number: string) => `https://wa.me/${number.replace(/\D/g, '')}`;

export const SiteFooter = () => {
  const { t } = useTranslation();
  const settings = usePublicSettings();
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <Container size="lg" py="lg">
        <Group justify="space-between" align="flex-start" gap="lg">
          <Stack gap={4}>
            <Text component="h2" fw={700} size="md">
              {t('footer.support')}
            </Text>
            {/* Reserve the two lines so nothing shifts when the contacts arrive. */}
            <div className="site-footer__contacts" data-testid="footer-contacts">
              {settings.data ? (
                <>
                  <Anchor href={`mailto:${settings.data.supportEmail}`} className="site-footer__link">
                    {settings.data.supportEmail}
                  </Anchor>
                  <Anchor
                    href={whatsappLink(settings.data.whatsappNumber)}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="site-footer__link"
                  >
                    {t('footer.whatsapp')}
                    <VisuallyHidden> ({t('footer.newTab')})</VisuallyHidden>
                  </Anchor>
                </>
              ) : null}
            </div>
          </Stack>
          <Text size="sm" className="site-footer__copyright">
            {t('footer.rights', { year })}
          </Text>
        </Group>
      </Container>
    </footer>
  );
};
