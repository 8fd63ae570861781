import { readListQuery } from '@esim/ui/list/list-url-state';
import { useSearchParams } from 'react-router';
import { ListScreen } from '../../../components/list-screen';
import { downloadShopReportsPdf } from '../api/list-shop-reports';
import { shopReportsList } from '../shop-reports-list';
import { PdfButton } from './pdf-button';

/** Shop reports of a period (this month by default) with the totals row, CSV and a PDF of the same rows. */
export const ShopReportsScreen = () => {
  const [params] = useSearchParams();
  return (
    <ListScreen
      list={shopReportsList}
      title="screens.financeShopReports"
      before={
        <PdfButton
          download={() => downloadShopReportsPdf(readListQuery(shopReportsList, params))}
          testId="shop-reports-pdf"
        />
      }
    />
  );
};
