import { Placeholder } from '@telegram-apps/telegram-ui';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { MAX_ADDRESSES } from '@common/address';
import type { AddressItem } from '@common/schemas/address';
import { paths } from '@common/paths';
import type { FirstAnswers } from '@app/api/first-answers';
import { queryKeyOf } from '@app/api/query-client';
import { useEndpointMutation } from '@app/api/use-endpoint-mutation';
import { useLoad } from '@app/api/use-load';
import { PendingState } from '@app/components/States';
import { Page } from '@app/components/Page';
import { toast } from '@app/components/toast-store';
import { confirmAction } from '@app/telegram/confirm';
import { addressApi } from '../api';
import { AddressCard } from '../components/AddressCard';
import { PinIcon } from '../components/icons';
import '../cart.css';

/**
 * /address: the shopper's shipping addresses, the default first. Opened as /address?pick=<path>
 * (paths.address.pick), tapping an address goes back to that path with address_id set, in place of
 * this screen; an address added on the way is picked as it is saved (paths.addressForm.pick). An
 * edit comes back here.
 */
const listAnswer = { name: 'address.list', params: {}, load: addressApi.list } as const;

/** Asked for during start-up when the app opens on this screen (src/api/first-answers.ts). */
export const firstAnswers: FirstAnswers = () => [listAnswer];

export default function AddressPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { search } = useLocation();
  const returnTo = paths.address.parsePick(search);
  const client = useQueryClient();
  const list = useLoad(listAnswer.name, listAnswer.params, listAnswer.load, { fresh: true });
  const addresses = list.data;
  const full = (addresses?.length ?? 0) >= MAX_ADDRESSES;

  /** A change answers the new list: it is shown, with what was done. */
  const showing = (done: string) => ({
    onSuccess: (answer: AddressItem[]) => {
      client.setQueryData(queryKeyOf('address.list', {}, i18n.language), answer);
      toast.success(done);
    },
  });
  const del = useEndpointMutation('address.del', showing(t('address.deleted')));
  const setDefault = useEndpointMutation('address.setDefault', showing(t('address.defaultSet')));
  const busy = del.busy || setDefault.busy;
  const remove = async (address: AddressItem) => {
    const asked = t('address.deleteConfirm', { name: address.addressee });
    if (!(await confirmAction(asked, t('address.delete')))) return;
    await del.mutate({ id: address.id });
  };

  const main = addresses
    ? {
        text: t('address.add'),
        enabled: !full,
        onClick: () => navigate(returnTo ? paths.addressForm.pick(returnTo) : paths.addressForm.href()),
      }
    : undefined;

  let content;
  if (!addresses) {
    content = (
      <PendingState
        className="bag-state"
        error={list.error}
        onRetry={() => void list.reload()}
        waitingClassName="bag-state"
      />
    );
  } else if (addresses.length === 0) {
    content = (
      <Placeholder
        className="bag-state"
        header={t('address.empty')}
        description={t('address.emptyHint')}
        data-testid="address-empty"
      >
        <span className="bag-state__icon">
          <PinIcon />
        </span>
      </Placeholder>
    );
  } else {
    content = (
      <>
        <p className="address-intro">
          {returnTo && <span>{t('address.pickHint')}</span>}
          <span className="address-intro__count">
            {t('address.count', { count: addresses.length, max: MAX_ADDRESSES })}
          </span>
        </p>
        {addresses.map((address) => (
          <AddressCard
            key={address.id}
            address={address}
            busy={busy}
            onPick={
              returnTo
                ? () => navigate(paths.address.picked(returnTo, address.id), { replace: true })
                : undefined
            }
            onSetDefault={() => setDefault.mutate({ id: address.id })}
            onEdit={() => navigate(paths.addressForm.href(address.id))}
            onDelete={() => remove(address)}
          />
        ))}
        {full && <p className="address-limit">{t('address.limitReached', { max: MAX_ADDRESSES })}</p>}
      </>
    );
  }
  return (
    <Page className="address-page" main={main}>
      {content}
    </Page>
  );
}
