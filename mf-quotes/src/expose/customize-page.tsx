// Placeholder until this feature's issue lands: the page title only.
export default function CustomizePage() {
  return <h1>Personnalisation</h1>;
}
