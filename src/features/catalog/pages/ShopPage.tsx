import { useParams } from 'react-router-dom';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SHOP_PAGE_SIZE } from '@common/boot';
import type { FollowAnswer, MerchantDetailAnswer } from '@common/schemas/catalog-answers';
import { Page } from '@app/components/Page';
import { catalogApi } from '../api';
import { CategoryChips } from '../components/CategoryChips';
import { ProductFeed } from '../components/Feed';
import { ShopHeader, ShopHeaderSkeleton } from '../components/ShopHeader';
import { ProductGridSkeleton } from '../components/Skeletons';
import { EmptyState, ErrorState } from '@app/components/States';
import { emptyLook, errorLook } from '../components/state-look';
import { usePages } from '@app/api/use-pages';
import '../catalog.css';

type Head = Pick<MerchantDetailAnswer, 'shop' | 'followed' | 'categories'>;

/**
 * /shop/:id: the shop's head, then its products by category. Every page of products comes with
 * the shop itself, so the head (fans, followed) is as fresh as the last page read.
 */
/** The products of a shop page's answer (a stable function: the list is derived from it). */
const productsOf = (answer: MerchantDetailAnswer) => answer.products;

export default function ShopPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const shopId = /^\d{1,10}$/.test(id ?? '') ? Number(id) : 0;
  const [categoryId, setCategoryId] = useState(0);
  // The shopper's own follow toggle on this shop, shown at once (the page is then fetched again).
  const [toggled, setToggled] = useState<{ shopId: number; answer: FollowAnswer } | null>(null);

  const feed = usePages(
    {
      name: 'catalog.shopDetail',
      params: { mer_id: shopId, category_id: categoryId },
      cursor: (cursor) =>
        catalogApi.shop({
          mer_id: shopId,
          category_id: categoryId || undefined,
          cursor,
          limit: SHOP_PAGE_SIZE,
        }),
    },
    productsOf,
  );
  const page = feed.first;
  const mine = toggled?.shopId === shopId ? toggled.answer : null;
  const head: Head | null = page
    ? {
        shop: mine ? { ...page.shop, fans: mine.fans } : page.shop,
        followed: mine ? mine.followed : page.followed,
        categories: page.categories,
      }
    : null;

  const onFollow = (answer: FollowAnswer) => setToggled({ shopId, answer });

  if (!shopId) {
    return (
      <Page className="catalog-page">
        <EmptyState {...emptyLook} text={t('shopPage.notFound')} />
      </Page>
    );
  }
  if (!head) {
    return (
      <Page className="catalog-page">
        {feed.status === 'error' && feed.refused ? (
          <EmptyState {...emptyLook} text={feed.error ?? t('shopPage.notFound')} />
        ) : feed.status === 'error' ? (
          <ErrorState {...errorLook} message={feed.error} onRetry={feed.retry} />
        ) : (
          <>
            <ShopHeaderSkeleton />
            <ProductGridSkeleton count={4} />
          </>
        )}
      </Page>
    );
  }

  return (
    <Page className="catalog-page shop">
      <ShopHeader shop={head.shop} followed={head.followed} onFollow={onFollow} />
      {head.categories.length > 1 && (
        <div className="sticky-bar">
          <CategoryChips
            items={head.categories.map((c) => ({ id: c.id, name: c.name, count: c.count }))}
            selected={categoryId}
            onSelect={setCategoryId}
            testPrefix="shop-category"
            allCount={head.shop.productCount}
          />
        </div>
      )}
      <ProductFeed state={feed} skeleton={4} empty={t('shopPage.noProducts')} />
    </Page>
  );
}
