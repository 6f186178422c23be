import { ADDRESS_TAGS } from '@common/address';
import type { AddressItem } from '@common/schemas/address';
import { firstIssue } from '@app/api/first-issue';
import { t } from '@app/i18n';

/**
 * The address form's values and their check, apart from React. The check is the server's own
 * schema (common/schemas/address.ts), so the form shows the same messages before sending.
 */
export type TagKind = (typeof ADDRESS_TAGS)[number] | 'own';

export interface AddressFormValues {
  addressee: string;
  mobile: string;
  country: string;
  region: string;
  detail: string;
  tagKind: TagKind;
  ownTag: string;
  isDefault: boolean;
}

export type FieldName = 'addressee' | 'mobile' | 'country' | 'region' | 'detail' | 'tag';

const isKind = (tag: string): tag is (typeof ADDRESS_TAGS)[number] =>
  (ADDRESS_TAGS as readonly string[]).includes(tag);

/** A new address starts in the country of the interface language (de-DE: Germany), tagged home. */
export function initialValues(address: AddressItem | undefined, lang: string): AddressFormValues {
  if (!address) {
    return {
      addressee: '',
      mobile: '',
      country: lang.split('-')[1] ?? '',
      region: '',
      detail: '',
      tagKind: 'home',
      ownTag: '',
      isDefault: false,
    };
  }
  const kind = isKind(address.tag);
  return {
    addressee: address.addressee,
    mobile: address.mobile,
    country: address.country,
    region: address.region,
    detail: address.detail,
    tagKind: kind ? (address.tag as TagKind) : 'own',
    ownTag: kind ? '' : address.tag,
    isDefault: address.isDefault,
  };
}

export function toRequest(values: AddressFormValues, id: number | undefined) {
  return {
    ...(id !== undefined ? { id } : {}),
    addressee: values.addressee,
    mobile: values.mobile,
    country: values.country,
    region: values.region,
    detail: values.detail,
    tag: values.tagKind === 'own' ? values.ownTag : values.tagKind,
    is_default: values.isDefault,
  };
}

/**
 * The first field that would be refused and its message (translated), or null. The schema (and zod
 * under it) loads with the first check, not with the form: the form paints without it.
 */
export async function firstProblem(
  values: AddressFormValues,
): Promise<{ field: FieldName; message: string } | null> {
  const issue = await firstIssue(
    async () => (await import('@common/schemas/address')).addressSaveBody,
    toRequest(values, undefined),
  );
  if (!issue) return null;
  const key = (issue.message || 'errors.badRequest') as 'errors.badRequest';
  return { field: String(issue.path[0] ?? 'addressee') as FieldName, message: t(key, { field: '' }) };
}
