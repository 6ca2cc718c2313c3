// Placeholder until this feature's issue lands: the page title only.
export default function AdminPage() {
  return <h1>Administration</h1>;
}
