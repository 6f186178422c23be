import { lineIcon } from '@app/components/line-icon';

/** Line icons of the catalogue screens (inline SVG, sized by the surrounding text). */
const base = lineIcon(22);

export const SearchIcon = () => (
  <svg {...base} width={18} height={18}>
    <circle cx="11" cy="11" r="7" />
    <path d="M20 20l-4-4" />
  </svg>
);

export const HeartIcon = ({ filled = false }: { filled?: boolean }) => (
  <svg {...base} fill={filled ? 'currentColor' : 'none'}>
    <path d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z" />
  </svg>
);

export const ShareIcon = () => (
  <svg {...base}>
    <path d="M12 15V4M8 8l4-4 4 4" />
    <path d="M5 12v7a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1v-7" />
  </svg>
);

export const FilterIcon = () => (
  <svg {...base} width={18} height={18}>
    <path d="M4 6h16M7 12h10M10 18h4" />
  </svg>
);

export const FireIcon = () => (
  <svg {...base}>
    <path d="M12 21a6 6 0 0 0 6-6c0-4-3-6-4-10-2 2-3 4-3 6-1-1-2-2-2-4-2 2-3 5-3 8a6 6 0 0 0 6 6z" />
  </svg>
);

export const StoreIcon = () => (
  <svg {...base}>
    <path d="M4 9l1.5-5h13L20 9M4 9h16M4 9a2.7 2.7 0 0 0 5.3 0 2.7 2.7 0 0 0 5.4 0A2.7 2.7 0 0 0 20 9" />
    <path d="M5 12v8h14v-8M10 20v-5h4v5" />
  </svg>
);

export const ChartIcon = () => (
  <svg {...base}>
    <path d="M4 20h16M7 16v-5M12 16V8M17 16v-8" />
  </svg>
);

export const StarIcon = () => (
  <svg {...base} width={12} height={12} fill="currentColor" stroke="none">
    <path d="M12 3l2.7 5.6 6.1.8-4.5 4.2 1.1 6.1L12 16.8l-5.4 2.9 1.1-6.1L3.2 9.4l6.1-.8z" />
  </svg>
);

export const BoxIcon = () => (
  <svg {...base} width={56} height={56} strokeWidth={1.2}>
    <path d="M3 7l9-4 9 4-9 4-9-4zM3 7v10l9 4 9-4V7M12 11v10" />
  </svg>
);

export const AlertIcon = () => (
  <svg {...base} width={56} height={56} strokeWidth={1.2}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v6M12 16.5v.5" />
  </svg>
);
