import { TabsList } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { Page } from '@app/components/Page';
import { session } from '@app/stores/session';
import { catalogApi } from '../api';
import { useLoad } from '@app/api/use-load';
import { usePages } from '@app/api/use-pages';
import { ProductFeed, ShopFeed } from './Feed';
import { SearchBar } from './SearchBar';
import { paths } from '@common/paths';

type Mode = 'products' | 'shops';
const PATHS: Record<Mode, string> = { products: paths.search.href(), shops: paths.searchs.href() };

/**
 * /search (products) and /searchs (shops): the text lives in the address (?title=), so back from a
 * result shows the same results. Before a search, the shopper's recent keywords are offered.
 */
export function SearchScreen({ mode }: { mode: Mode }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const title = params.get('title')?.trim() ?? '';
  const { token } = useSnapshot(session);

  const search = (text: string) => setParams(text ? { title: text } : {}, { replace: true });
  const switchTo = (next: Mode) =>
    next !== mode &&
    navigate(`${PATHS[next]}${title ? `?title=${encodeURIComponent(title)}` : ''}`, { replace: true });

  return (
    <Page className="catalog-page search">
      <div className="sticky-bar sticky-bar--stack">
        <SearchBar
          value={title}
          placeholder={mode === 'products' ? t('search.placeholder') : t('search.shopsPlaceholder')}
          onSearch={search}
          autoFocus={!title}
        />
        <TabsList className="search__tabs">
          <TabsList.Item
            selected={mode === 'products'}
            onClick={() => switchTo('products')}
            data-testid="search-tab-products"
          >
            {t('search.products')}
          </TabsList.Item>
          <TabsList.Item
            selected={mode === 'shops'}
            onClick={() => switchTo('shops')}
            data-testid="search-tab-shops"
          >
            {t('search.shops')}
          </TabsList.Item>
        </TabsList>
      </div>
      {!title ? (
        <RecentKeywords
          onPick={search}
          enabled={Boolean(token)}
          hint={mode === 'products' ? t('search.hint') : t('search.shopsHint')}
        />
      ) : mode === 'products' ? (
        <ProductResults key={`${i18n.language}:${title}`} title={title} />
      ) : (
        <ShopResults key={`${i18n.language}:${title}`} title={title} />
      )}
    </Page>
  );
}

function RecentKeywords({
  onPick,
  enabled,
  hint,
}: {
  onPick: (text: string) => void;
  enabled: boolean;
  hint: string;
}) {
  const { t } = useTranslation();
  // Asked again on every visit to the empty search: the last search has just been added.
  const keywords = useLoad('catalog.keywords', {}, catalogApi.keywords, { enabled, fresh: true });
  const list = keywords.data?.keywords ?? [];
  return (
    <div className="search__idle">
      {list.length > 0 && (
        <section aria-label={t('search.recent')}>
          <h2 className="section-head__title">{t('search.recent')}</h2>
          <div className="chips chips--wrap">
            {list.map((k) => (
              <button
                key={k}
                type="button"
                className="chip"
                onClick={() => onPick(k)}
                data-testid="search-keyword"
              >
                {k}
              </button>
            ))}
          </div>
        </section>
      )}
      <p className="page-intro">{hint}</p>
    </div>
  );
}

function ProductResults({ title }: { title: string }) {
  const { t } = useTranslation();
  const feed = usePages({
    name: 'catalog.search',
    params: { title },
    cursor: (cursor) => catalogApi.search({ title, cursor, limit: 20 }),
  });
  return <ProductFeed state={feed} skeleton={6} empty={t('search.noResults', { text: title })} />;
}

function ShopResults({ title }: { title: string }) {
  const { t } = useTranslation();
  const feed = usePages({
    name: 'catalog.searchShops',
    params: { title },
    cursor: (cursor) => catalogApi.searchShops({ title, cursor, limit: 20 }),
  });
  return <ShopFeed state={feed} skeleton={6} empty={t('search.noShops', { text: title })} />;
}
