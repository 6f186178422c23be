import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router-dom';
import { queryClient } from '../api/query-client';
import { Layout } from './Layout';

export function App({ basename }: { basename?: string }) {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter basename={basename}>
        <Layout />
      </BrowserRouter>
    </QueryClientProvider>
  );
}
