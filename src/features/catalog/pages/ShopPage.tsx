import { useParams } from 'react-router-dom';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FollowAnswer, MerchantDetailAnswer } from '../../../../common/schemas/catalog';
import { Page } from '../../../components/Page';
import { catalogApi } from '../api';
import { CategoryChips } from '../components/CategoryChips';
import { Feed } from '../components/Feed';
import { ProductGrid } from '../components/ProductTile';
import { ShopHeader, ShopHeaderSkeleton } from '../components/ShopHeader';
import { ProductGridSkeleton } from '../components/Skeletons';
import { EmptyState, ErrorState } from '../components/States';
import { usePaged } from '../hooks/use-paged';
import '../catalog.css';

type Head = Pick<MerchantDetailAnswer, 'shop' | 'followed' | 'categories'>;

/**
 * /shop/:id: the shop's head, then its products by category. Every page of products comes with
 * the shop itself, so the head (fans, followed) is as fresh as the last page read.
 */
export default function ShopPage() {
  const { t, i18n } = useTranslation();
  const { id } = useParams();
  const shopId = /^\d{1,10}$/.test(id ?? '') ? Number(id) : 0;
  const [categoryId, setCategoryId] = useState(0);
  const [head, setHead] = useState<Head | null>(null);

  const feed = usePaged(`${shopId}:${categoryId}:${i18n.language}`, async (cursor) => {
    const answer = await catalogApi.shop({
      mer_id: shopId,
      category_id: categoryId || undefined,
      cursor,
      limit: 20,
    });
    setHead({ shop: answer.shop, followed: answer.followed, categories: answer.categories });
    return answer.products;
  });

  const onFollow = (a: FollowAnswer) =>
    setHead((h) => (h ? { ...h, followed: a.followed, shop: { ...h.shop, fans: a.fans } } : h));

  if (!shopId) {
    return (
      <Page className="catalog-page">
        <EmptyState text={t('shopPage.notFound')} />
      </Page>
    );
  }
  if (!head) {
    return (
      <Page className="catalog-page">
        {feed.status === 'error' && feed.refused ? (
          <EmptyState text={feed.error ?? t('shopPage.notFound')} />
        ) : feed.status === 'error' ? (
          <ErrorState message={feed.error} onRetry={feed.retry} />
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
      <Feed
        state={feed}
        skeleton={<ProductGridSkeleton count={4} />}
        empty={<EmptyState text={t('shopPage.noProducts')} />}
      >
        {(items) => <ProductGrid products={items} />}
      </Feed>
    </Page>
  );
}
