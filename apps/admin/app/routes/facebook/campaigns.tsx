import { FacebookCampaignsScreen } from '../../features/facebook/components/facebook-campaigns-screen';
import { loadArea } from '../../lib/i18n';

export const clientLoader = loadArea('facebook');

/** Each Facebook campaign's figures beside our revenue (admin and editor). */
export default function FacebookCampaigns() {
  return <FacebookCampaignsScreen />;
}
