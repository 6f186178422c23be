import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { paths } from '@common/paths';
import { FilterIcon } from './icons';

/** The icon button that opens the filter screen (on the explore and product list screens). */
export function FilterButton({ testId }: { testId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className="icon-button"
      onClick={() => navigate(paths.filter.href())}
      aria-label={t('explore.filter')}
      data-testid={testId}
    >
      <FilterIcon />
    </button>
  );
}
