import { List, Section, Select, Textarea } from '@telegram-apps/telegram-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import type { AddressItem } from '@common/schemas/address';
import { paths } from '@common/paths';
import { useEndpointMutation } from '@app/api/use-endpoint-mutation';
import type { FirstAnswers } from '@app/api/first-answers';
import { useLoad } from '@app/api/use-load';
import { PendingState } from '@app/components/States';
import { Field, Labelled } from '@app/components/Field';
import { Form } from '@app/components/Form';
import { Page } from '@app/components/Page';
import { SwitchCell } from '@app/components/SwitchCell';
import { toast } from '@app/components/toast-store';
import { addressApi } from '../api';
import { CountryPicker } from '../components/CountryPicker';
import { TagChips } from '../components/TagChips';
import { TelegramLocation } from '../components/TelegramLocation';
import { TelegramPhone } from '../components/TelegramPhone';
import {
  firstProblem,
  initialValues,
  toRequest,
  type AddressFormValues,
  type FieldName,
} from '../lib/address-form';
import { useGoBack } from '@app/components/use-go-back';
import '../cart.css';

const addressAnswer = (id: number) =>
  ({ name: 'address.get', params: { id }, load: () => addressApi.get(id) }) as const;

/** Asked for during start-up when the app opens on an address's edit (src/api/first-answers.ts). */
export const firstAnswers: FirstAnswers = ({ params }) => {
  const id = paths.addressForm.idOf(params.id);
  return id === undefined ? [] : [addressAnswer(id)];
};

/**
 * /addressForm/:id?: a new address, or an edit of one of the shopper's; saved, back. A new one
 * opened as /addressForm?pick=<path> (paths.addressForm.pick) goes on, in place of the form, to that
 * path with its address_id: the checkout, with it chosen.
 */
export default function AddressFormPage() {
  const { id: param } = useParams();
  const id = paths.addressForm.idOf(param);
  const answer = addressAnswer(id ?? 0);
  const existing = useLoad(answer.name, answer.params, answer.load, {
    enabled: id !== undefined,
    fresh: true,
  });
  if (id !== undefined && !existing.data) {
    return (
      <Page className="address-page">
        <PendingState
          className="bag-state"
          error={existing.error}
          onRetry={() => void existing.reload()}
          waitingClassName="bag-state"
        />
      </Page>
    );
  }
  return <AddressForm key={id ?? 'new'} id={id} address={existing.data} />;
}

/** A field's problem under it, read out when it appears. */
const Problem = ({ text }: { text?: string }) =>
  text ? (
    <p className="field-error" role="alert">
      {text}
    </p>
  ) : null;

function AddressForm({ id, address }: { id: number | undefined; address: AddressItem | undefined }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const goBack = useGoBack(paths.address.href());
  const { search } = useLocation();
  const returnTo = id === undefined ? paths.addressForm.parsePick(search) : null;
  const [values, setValues] = useState<AddressFormValues>(() => initialValues(address, i18n.language));
  const [problem, setProblem] = useState<{ field: FieldName; message: string } | null>(null);
  const countries = useLoad('address.area', {}, () => addressApi.area());
  const country = countries.data?.find((c) => c.code === values.country);
  const regions = useLoad(
    'address.area',
    { country: values.country },
    () => addressApi.area(values.country),
    {
      enabled: Boolean(country?.hasRegions),
    },
  );

  const set = <K extends keyof AddressFormValues>(key: K, value: AddressFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value, ...(key === 'country' ? { region: '' } : {}) }));
    if (
      problem &&
      (problem.field === key || (problem.field === 'tag' && (key === 'tagKind' || key === 'ownTag')))
    )
      setProblem(null);
  };
  const errorOf = (field: FieldName) => (problem?.field === field ? problem.message : undefined);
  const text = (field: 'addressee' | 'mobile' | 'region') => ({
    name: field,
    value: values[field],
    status: errorOf(field) ? ('error' as const) : undefined,
    onChange: (e: { target: { value: string } }) => set(field, e.target.value),
  });

  const saving = useEndpointMutation('address.save', {
    // Busy from the check on: the rules load with the first one, and a second tap must wait.
    run: async (send, _: void) => {
      const found = await firstProblem(values);
      setProblem(found);
      if (found) {
        toast.show(found.message, { type: 'error' });
        return;
      }
      return send(toRequest(values, id));
    },
    invalidates: ['address.'],
    awaitFresh: true,
    onSuccess: (saved) => {
      toast.success(t('address.saved'));
      if (returnTo && saved) navigate(paths.address.picked(returnTo, saved.id), { replace: true });
      else goBack();
    },
  });
  const save = () => saving.mutate();
  const busy = saving.busy;

  const wasDefault = Boolean(address?.isDefault);
  return (
    <Page className="address-page" main={{ text: t('common.save'), onClick: save, loading: busy }}>
      <List>
        <Form className="form address-form" noValidate onSubmit={() => save()}>
          <Section>
            <Field
              label={t('address.addressee')}
              placeholder={t('address.addresseePlaceholder')}
              autoComplete="name"
              maxLength={64}
              {...text('addressee')}
            />
            <Problem text={errorOf('addressee')} />
            <Field
              label={t('address.mobile')}
              placeholder={t('address.mobilePlaceholder')}
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              maxLength={21}
              {...text('mobile')}
            />
            <Problem text={errorOf('mobile')} />
            <TelegramPhone
              onContact={({ mobile, name }) => {
                set('mobile', mobile);
                if (!values.addressee.trim() && name) set('addressee', name);
              }}
            />
          </Section>
          <Section>
            <CountryPicker
              countries={countries.data ?? []}
              value={values.country}
              onChange={(code) => set('country', code)}
              error={errorOf('country')}
            />
            <TelegramLocation onCountry={(code) => set('country', code)} />
            {country?.hasRegions ? (
              <Labelled label={t('address.region')}>
                {(selectId) => (
                  <Select
                    className="field__box"
                    id={selectId}
                    name="region"
                    value={values.region}
                    status={errorOf('region') ? 'error' : undefined}
                    onChange={(e) => set('region', e.target.value)}
                    data-testid="address-region-select"
                  >
                    <option value="">{t('address.chooseRegion')}</option>
                    {(regions.data ?? []).map((r) => (
                      <option key={r.code} value={r.code}>
                        {r.name}
                      </option>
                    ))}
                  </Select>
                )}
              </Labelled>
            ) : (
              <Field
                label={t('address.region')}
                placeholder={t('address.regionPlaceholder')}
                autoComplete="address-level1"
                maxLength={64}
                {...text('region')}
              />
            )}
            <Problem text={errorOf('region')} />
            <Labelled label={t('address.detail')}>
              {(areaId) => (
                <Textarea
                  className="field__box"
                  id={areaId}
                  name="detail"
                  value={values.detail}
                  placeholder={t('address.detailPlaceholder')}
                  autoComplete="street-address"
                  maxLength={200}
                  rows={3}
                  status={errorOf('detail') ? 'error' : undefined}
                  onChange={(e) => set('detail', e.target.value)}
                />
              )}
            </Labelled>
            <Problem text={errorOf('detail')} />
          </Section>
          <Section>
            <TagChips
              kind={values.tagKind}
              own={values.ownTag}
              onKind={(kind) => set('tagKind', kind)}
              onOwn={(own) => set('ownTag', own)}
              error={errorOf('tag')}
            />
          </Section>
          <Section>
            <SwitchCell
              label={t('address.isDefault')}
              description={wasDefault ? t('address.alwaysDefault') : t('address.isDefaultHint')}
              name="is_default"
              checked={values.isDefault}
              disabled={wasDefault}
              onChange={(on) => set('isDefault', on)}
              data-testid="address-default"
            />
          </Section>
        </Form>
      </List>
    </Page>
  );
}
