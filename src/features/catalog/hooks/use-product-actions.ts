import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { formatMoney } from '@common/money';
import { paths } from '@common/paths';
import type { FollowAnswer, ProductDetailAnswer } from '@common/schemas/catalog-answers';
import { putCart } from '@app/api/cart-query';
import { useEndpointMutation } from '@app/api/use-endpoint-mutation';
import { toast } from '@app/components/toast-store';
import { haptic } from '@app/telegram/buttons';
import { catalogApi } from '../api';
import { productLink, shareCard, shareLink, type ShareResult } from '../lib/share';
import { loadPlatform } from '../lib/shared-data';
import { chosenSpec, openGroups, type Selection } from '../lib/spec-picker';
import { useLoginGate } from './use-login-gate';
import { AFTER_LIKE } from './use-toggles';

const SHARE_TOASTS: Partial<
  Record<ShareResult, 'common.copied' | 'common.copyFailed' | 'common.copyNeedsHttps'>
> = {
  copied: 'common.copied',
  copyFailed: 'common.copyFailed',
  needsHttps: 'common.copyNeedsHttps',
};

/**
 * A product page's state and what the shopper does there: the chosen spec (its price and stock)
 * and quantity, add to bag and buy now (both after the login gate, and only once a spec is
 * chosen), the favourite, sharing, and the shop's follow. The answer's flags win whenever it is
 * fetched again.
 */
export function useProductActions(answer: ProductDetailAnswer) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const navigate = useNavigate();
  const client = useQueryClient();
  const loginFirst = useLoginGate();
  const { product } = answer;
  const [selection, setSelection] = useState<Selection>({});
  const [favourited, setFavourited] = useState(answer.favourited);
  const [shop, setShop] = useState(answer.shop);
  const [followed, setFollowed] = useState(answer.followed);
  const [num, setNum] = useState(1);
  // A fresh answer (fetched again after a toggle here or elsewhere) brings the server's flags.
  useEffect(() => {
    setFavourited(answer.favourited);
    setShop(answer.shop);
    setFollowed(answer.followed);
  }, [answer]);

  const spec = chosenSpec(product.specGroups, product.specs, selection);
  const price = spec?.price ?? product.price;
  const stock = spec?.stock ?? product.stock;
  const missing = openGroups(product.specGroups, selection);
  // Another spec may have less in stock: the quantity never shows more than can be bought.
  const quantity = Math.max(1, Math.min(num, stock));

  /** A product with specs is bought as one of them: says which choices are still open. */
  const specMissing = () => {
    if (product.specGroups.length === 0 || spec) return false;
    haptic.error();
    toast.show(t('product.choose', { names: missing.map((g) => g.name).join(', ') }));
    return true;
  };
  const add = useEndpointMutation('cart.add', {
    run: async (send, _: void) => {
      if (!(await loginFirst()) || specMissing()) return;
      const cart = await send({ product_id: product.id, spec_id: spec?.id ?? 0, num: quantity });
      putCart(client, cart, lang);
      toast.success(t('cart.added'));
    },
    haptic: { success: 'tap', error: true },
  });
  const addToBag = () => add.mutate();
  const buyNow = async () => {
    if (!(await loginFirst()) || specMissing()) return;
    navigate(paths.checkout.buyNow({ productId: product.id, specId: spec?.id ?? 0, number: quantity }));
  };

  const like = useEndpointMutation('catalog.like', {
    run: async (send, _: void) => {
      if (!(await loginFirst())) return;
      const { favourited: now } = await send({ product_id: product.id });
      setFavourited(now);
      toast.success(now ? t('product.favourited') : t('product.unfavourited'));
      return now;
    },
    invalidates: AFTER_LIKE,
    haptic: { success: (now) => (now ? 'success' : 'tap'), error: true },
  });
  const toggleFavourite = () => like.mutate();

  const share = async () => {
    const platform = await loadPlatform().catch(() => undefined);
    // Inside Telegram a card with the picture and a button into the Mini App (so only where the
    // shop has the Mini App's link); the link where no card can be made.
    if (platform?.appLink) {
      const card = await shareCard(async () => (await catalogApi.shareCard(product.id)).preparedId);
      if (card === 'card') {
        haptic.success();
        toast.success(t('product.shareSent'));
      }
      if (card) return;
    }
    const link = productLink(platform?.appLink, product.id);
    const result = await shareLink(
      link,
      t('product.shareText', { title: product.title, price: formatMoney(price, i18n.language) }),
    );
    const key = SHARE_TOASTS[result];
    if (key) toast.show(t(key), { type: result === 'copied' ? 'success' : 'error' });
  };

  const onFollow = (a: FollowAnswer) => {
    setFollowed(a.followed);
    setShop((s) => ({ ...s, fans: a.fans }));
  };

  return {
    selection,
    setSelection,
    spec,
    price,
    stock,
    missing,
    quantity,
    setNum,
    adding: add.busy,
    addToBag,
    buyNow,
    favourited,
    liking: like.busy,
    toggleFavourite,
    share,
    shop,
    followed,
    onFollow,
  };
}
