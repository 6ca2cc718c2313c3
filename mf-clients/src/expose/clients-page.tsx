// Exposed as mf_clients/ClientsPage (/clients). The client book comes with its own issue: title only for now.
import { PageTitle } from '@atelier/ui';

export default function ClientsPage() {
  return <PageTitle>Clients</PageTitle>;
}
