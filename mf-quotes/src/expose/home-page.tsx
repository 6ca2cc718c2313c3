// Placeholder until this feature's issue lands: the page title only.
export default function HomePage() {
  return <h1>Devis</h1>;
}
