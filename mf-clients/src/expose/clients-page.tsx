// Placeholder until this feature's issue lands: the page title only.
export default function ClientsPage() {
  return <h1>Clients</h1>;
}
