import { Avatar, Section } from '@telegram-apps/telegram-ui';

/** A section's head naming the shop an order (or a checkout group) is from, in the kit's header style. */
export function ShopSectionHeader({ name, avatar }: { name: string; avatar: string }) {
  return (
    <Section.Header>
      <span className="order-shop">
        <Avatar size={20} src={avatar || undefined} acronym={name.slice(0, 1)} alt="" />
        <span className="order-shop__name">{name}</span>
      </span>
    </Section.Header>
  );
}
