import { BrowserRouter } from 'react-router-dom';
import { Layout } from './Layout';

export function App({ basename }: { basename?: string }) {
  return (
    <BrowserRouter basename={basename}>
      <Layout />
    </BrowserRouter>
  );
}
