import { lineIcon } from '@app/components/line-icon';

/** Small line icons of the bag and address screens (inline SVG, currentColor). */
const base = lineIcon(20);

export const TrashIcon = () => (
  <svg {...base}>
    <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
  </svg>
);

export const StoreIcon = () => (
  <svg {...base}>
    <path d="M4 10v10h16V10M3 10l2-6h14l2 6M3 10h18M9 20v-5h6v5" />
  </svg>
);

export const BagIcon = () => (
  <svg {...base} width={56} height={56} strokeWidth={1.4}>
    <path d="M5 8h14l-1 12H6z" />
    <path d="M9 8V6a3 3 0 0 1 6 0v2" />
  </svg>
);

export const PinIcon = () => (
  <svg {...base} width={56} height={56} strokeWidth={1.4}>
    <path d="M12 21s-7-6.2-7-11.5A7 7 0 0 1 19 9.5C19 14.8 12 21 12 21z" />
    <circle cx="12" cy="9.5" r="2.5" />
  </svg>
);

export const EditIcon = () => (
  <svg {...base}>
    <path d="M4 20h4L19 9l-4-4L4 16z" />
  </svg>
);
