import { SearchScreen } from '../components/SearchScreen';
import '../catalog.css';

/** /search: products by text. */
export default function SearchPage() {
  return <SearchScreen mode="products" />;
}
