import { SearchScreen } from '../components/SearchScreen';
import '../catalog.css';

/** /searchs: shops by name. */
export default function ShopSearchPage() {
  return <SearchScreen mode="shops" />;
}
