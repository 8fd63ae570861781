import { FacebookInsightsScreen } from '../../features/facebook/components/facebook-insights-screen';
import { loadArea } from '../../lib/i18n';

export const clientLoader = loadArea('facebook');

/** Meta's figures per ad (admin and analytics). */
export default function FacebookInsights() {
  return <FacebookInsightsScreen />;
}
