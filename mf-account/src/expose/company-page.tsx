// Placeholder until this feature's issue lands: the page title only.
export default function CompanyPage() {
  return <h1>Entreprise</h1>;
}
