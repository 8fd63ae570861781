import type { StaffDashboard } from '@esim/contracts/staff';
import { formatDate, formatPrice } from '@esim/ui/format';
import { useLocale } from '@esim/ui/use-locale';
import { Group, Table, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const width = 600;
const height = 160;

const line = (values: number[], max: number) =>
  values
    .map(
      (v, i) =>
        `${((i / Math.max(1, values.length - 1)) * width).toFixed(1)},${(height - (v / max) * height).toFixed(1)}`,
    )
    .join(' ');

/**
 * Revenue per day of the last 30 days (solid) against the 30 before (dashed), drawn as two lines; the same
 * figures are in a table for screen readers.
 */
export const RevenueChart = ({ days }: { days: StaffDashboard['revenueByDay'] }) => {
  const { t } = useTranslation(['admin-dashboard', 'admin']);
  const locale = useLocale();
  const max = Math.max(1, ...days.flatMap((d) => [d.revenueCents, d.previousCents]));
  const total = days.reduce((sum, d) => sum + d.revenueCents, 0);
  const previous = days.reduce((sum, d) => sum + d.previousCents, 0);
  return (
    <figure style={{ margin: 0 }} data-testid="revenue-chart">
      <svg
        viewBox={`0 0 ${width} ${height}`}
        width="100%"
        height={height}
        aria-hidden="true"
        preserveAspectRatio="none"
      >
        <polyline
          points={line(
            days.map((d) => d.previousCents),
            max,
          )}
          fill="none"
          stroke="var(--mantine-color-gray-6)"
          strokeWidth={2}
          strokeDasharray="6 4"
          vectorEffect="non-scaling-stroke"
        />
        <polyline
          points={line(
            days.map((d) => d.revenueCents),
            max,
          )}
          fill="none"
          stroke="var(--mantine-color-accent-7)"
          strokeWidth={3}
          vectorEffect="non-scaling-stroke"
        />
      </svg>
      <Group component="figcaption" gap="lg" mt="xs">
        <Text size="sm">
          {t('home.chartCurrent')}: <strong>{formatPrice(total, locale)}</strong>
        </Text>
        <Text size="sm" c="gray.7">
          {t('home.chartPrevious')}: {formatPrice(previous, locale)}
        </Text>
      </Group>
      <VisuallyHidden>
        <Table>
          <caption>{t('home.chartTitle')}</caption>
          <thead>
            <tr>
              <th>{t('home.day')}</th>
              <th>{t('home.chartCurrent')}</th>
              <th>{t('home.chartPrevious')}</th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.date}>
                <td>{formatDate(d.date, locale)}</td>
                <td>{formatPrice(d.revenueCents, locale)}</td>
                <td>{formatPrice(d.previousCents, locale)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </VisuallyHidden>
    </figure>
  );
};
