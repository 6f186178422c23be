import { Button } from '@telegram-apps/telegram-ui';
import { useParams } from 'react-router-dom';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProductDetailAnswer } from '@common/schemas/catalog-answers';
import { Page } from '@app/components/Page';
import { QuantityStepper } from '@app/components/QuantityStepper';
import { useTelegramButtonPair } from '@app/telegram/button-pair';
import { useScreenActive } from '@app/components/screen-active';
import { takeBootAnswer } from '@app/api/boot';
import { currentLang } from '@app/i18n';
import { catalogApi } from '../api';
import { DetailSkeleton } from '../components/DetailSkeleton';
import { Gallery } from '../components/Gallery';
import { HeartIcon, ShareIcon } from '../components/icons';
import { Price } from '../components/Price';
import { ProductGrid } from '../components/ProductTile';
import { ReviewsBlock } from '../components/ReviewsBlock';
import { SectionHead } from '../components/SectionHead';
import { BagLink } from '../components/BagLink';
import { ShopCardRow } from '../components/ShopCardRow';
import { SpecPicker } from '../components/SpecPicker';
import { EmptyState, ErrorState } from '@app/components/States';
import { emptyLook, errorLook } from '../components/state-look';
import { useLoad } from '@app/api/use-load';
import { useProductActions } from '../hooks/use-product-actions';
import { formatCount } from '../lib/format';
import '../catalog.css';
import { paths } from '@common/paths';
import { wordBreaks } from '@app/i18n/word-breaks';

/** /detail/:product?/:mer? (not kept alive: every visit loads afresh and counts a view). */
export default function DetailPage() {
  const { t } = useTranslation();
  const { product: param } = useParams();
  const productId = /^\d{1,10}$/.test(param ?? '') ? Number(param) : 0;
  // The page this app was opened on carries the product as a visitor sees it: shown at once, while
  // the call below counts the view and brings the shopper's own flags.
  const [preview] = useState(() => {
    const answer = takeBootAnswer('product', currentLang());
    return answer?.product.id === productId ? answer : undefined;
  });
  const detail = useLoad(
    'catalog.productDetail',
    { product_id: productId },
    () => (productId ? catalogApi.detail(productId) : Promise.resolve(null)),
    { placeholder: preview },
  );

  if (detail.data === null || (!detail.data && detail.refused)) {
    return (
      <Page className="catalog-page">
        <EmptyState {...emptyLook} text={detail.error ?? t('product.notFound')} />
      </Page>
    );
  }
  if (!detail.data) {
    return (
      <Page className="catalog-page">
        {detail.error ? (
          <ErrorState {...errorLook} message={detail.error} onRetry={detail.reload} />
        ) : (
          <DetailSkeleton />
        )}
      </Page>
    );
  }
  return <ProductView key={detail.data.product.id} answer={detail.data} />;
}

function ProductView({ answer }: { answer: ProductDetailAnswer }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { product, more } = answer;
  const act = useProductActions(answer);
  const active = useScreenActive();

  // Inside Telegram (7.10) its main button buys now and the secondary one adds to the bag.
  const soldOut = act.stock <= 0;
  const telegramButtons = useTelegramButtonPair(
    active
      ? {
          text: soldOut ? t('product.soldOut') : t('cart.buyNow'),
          onClick: () => void act.buyNow(),
          enabled: !soldOut,
        }
      : undefined,
    active
      ? {
          text: t('cart.addToBag'),
          onClick: () => void act.addToBag(),
          enabled: !soldOut,
          loading: act.adding,
        }
      : undefined,
  );

  return (
    <Page className="catalog-page detail">
      <Gallery images={product.images} title={product.title} />

      <div className="detail__card detail__main">
        <div className="detail__price-row">
          <Price price={act.price} marketPrice={product.marketPrice} large data-testid="detail-price" />
          <div className="detail__actions">
            <button
              type="button"
              className="icon-button"
              aria-pressed={act.favourited}
              aria-label={act.favourited ? t('product.unfavourite') : t('product.favourite')}
              disabled={act.liking}
              onClick={act.toggleFavourite}
              data-testid="detail-favourite"
            >
              <HeartIcon filled={act.favourited} />
            </button>
            <button
              type="button"
              className="icon-button"
              aria-label={t('product.share')}
              onClick={act.share}
              data-testid="detail-share"
            >
              <ShareIcon />
            </button>
          </div>
        </div>
        <h1 className="detail__title" data-testid="detail-title">
          {wordBreaks(product.title)}
        </h1>
        <p className="detail__meta">
          <span>{t('product.sold', { value: formatCount(product.sales, lang) })}</span>
          <span>{t('product.seen', { value: formatCount(product.seen, lang) })}</span>
          <span data-testid="detail-stock" data-value={act.stock} className={act.stock > 0 ? '' : 'is-out'}>
            {act.stock > 0 ? t('product.stock', { value: act.stock }) : t('product.soldOut')}
          </span>
        </p>
      </div>

      {product.specGroups.length > 0 && (
        <div className="detail__card">
          <SpecPicker
            groups={product.specGroups}
            specs={product.specs}
            selection={act.selection}
            onChange={act.setSelection}
          />
          <p className="detail__spec-state" aria-live="polite" data-testid="detail-spec-state">
            {act.spec
              ? t('product.selected', { label: act.spec.label })
              : t('product.choose', { names: act.missing.map((g) => g.name).join(', ') })}
          </p>
        </div>
      )}

      {act.stock > 0 && (
        <div className="detail__card detail__quantity">
          <span>{t('cart.quantity')}</span>
          <QuantityStepper
            value={act.quantity}
            max={act.stock}
            onChange={act.setNum}
            label={t('cart.quantity')}
            data-testid="detail-num"
          />
        </div>
      )}

      <div className="detail__card">
        <h2 className="section-head__title">{t('product.description')}</h2>
        <p className="detail__description">{product.description || t('product.noDescription')}</p>
      </div>

      <ReviewsBlock productId={product.id} reviews={answer.reviews} />

      <ShopCardRow shop={act.shop} followed={act.followed} onFollow={act.onFollow} />

      {more.length > 0 && (
        <section className="detail__more">
          <SectionHead
            title={t('product.moreFromShop')}
            to={paths.shop.href(act.shop.id)}
            more={t('product.visitShop')}
          />
          <ProductGrid products={more} />
        </section>
      )}

      <div className={`detail__buy ${telegramButtons ? 'detail__buy--bag-only' : ''}`}>
        <BagLink />
        {!telegramButtons && (
          <>
            <Button
              size="l"
              mode="bezeled"
              stretched
              disabled={act.stock <= 0}
              loading={act.adding}
              onClick={act.addToBag}
              data-testid="detail-add"
            >
              {act.stock > 0 ? t('cart.addToBag') : t('product.soldOut')}
            </Button>
            <Button
              size="l"
              stretched
              disabled={act.stock <= 0}
              onClick={act.buyNow}
              data-testid="detail-buy"
            >
              {t('cart.buyNow')}
            </Button>
          </>
        )}
      </div>
    </Page>
  );
}
