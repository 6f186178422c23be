import { Shimmer } from './Skeletons';

/** The detail page while it loads: picture, price, title, meta lines, a shop row. */
export function DetailSkeleton() {
  return (
    <div className="detail" role="status" aria-busy="true">
      <Shimmer className="gallery gallery--skeleton" />
      <div className="detail__card">
        <Shimmer className="shimmer--line shimmer--price" />
        <Shimmer className="shimmer--line" />
        <Shimmer className="shimmer--line shimmer--short" />
      </div>
      <div className="detail__card">
        <Shimmer className="shimmer--line shimmer--short" />
        <Shimmer className="shimmer--line" />
      </div>
    </div>
  );
}
