import { SeoPagesScreen } from '../../features/seo/components/seo-pages-screen';
import { loadArea } from '../../lib/i18n';

export const clientLoader = loadArea('seo');

/** SPEC section 2 `/seo/countries` (admin and analytics): the pages' texts in twelve languages. */
export default function SeoCountryPages() {
  return <SeoPagesScreen kind="country" />;
}
