// The sandbox's French pages: a test-mode checkout page and a customer portal page (plain HTML, no script).
const STYLE = `
  body { font-family: system-ui, sans-serif; background: #f4f5f7; color: #1f2933; margin: 0; }
  main { max-width: 440px; margin: 2rem auto; background: #fff; border-radius: 12px; padding: 1.5rem;
         box-shadow: 0 2px 12px rgba(0,0,0,.08); }
  .test { background: #fff4d6; color: #7a4b00; border: 1px solid #f0c36d; border-radius: 8px; padding: .5rem .75rem;
          font-weight: 700; text-align: center; margin-bottom: 1rem; }
  label { display: block; font-weight: 600; margin: .75rem 0 .25rem; }
  input { width: 100%; box-sizing: border-box; padding: .6rem; font-size: 1rem; border: 1px solid #cbd2d9;
          border-radius: 6px; }
  .row { display: flex; gap: .75rem; } .row > div { flex: 1; }
  button, a.button { display: inline-block; margin-top: 1rem; padding: .7rem 1rem; font-size: 1rem; border-radius: 6px;
          border: 0; cursor: pointer; text-decoration: none; text-align: center; }
  button.primary { background: #1d4ed8; color: #fff; width: 100%; }
  a.button, button.secondary { background: #e4e7eb; color: #1f2933; }
  .error { background: #fde8e8; color: #9b1c1c; border-radius: 6px; padding: .6rem .75rem; margin-top: 1rem; }
  .amount { font-size: 1.6rem; font-weight: 700; margin: .25rem 0 1rem; }
  .hint { color: #52606d; font-size: .85rem; }
`;

export const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport"
content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><main><p class="test" role="note">Mode test — aucun paiement réel</p>${body}</main></body></html>`;
}

export function euros(cents: number): string {
  return `${new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(cents / 100)} €`;
}

export function checkoutPage(args: {
  sessionId: string;
  productName: string;
  amountCents: number;
  email: string | null;
  cancelUrl: string;
  error?: string;
}): string {
  return page(
    'Paiement — Atelier',
    `<h1>Abonnement ${escapeHtml(args.productName)}</h1>
<p class="amount">${euros(args.amountCents)} par mois</p>
${args.email ? `<p class="hint">Compte : ${escapeHtml(args.email)}</p>` : ''}
<form method="post" action="/stripe-sandbox/checkout/${encodeURIComponent(args.sessionId)}/pay">
  <label for="card">Numéro de carte</label>
  <input id="card" name="card" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" required>
  <div class="row">
    <div><label for="exp">Expiration (MM/AA)</label>
      <input id="exp" name="exp" autocomplete="cc-exp" placeholder="MM/AA" required></div>
    <div><label for="cvc">CVC</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="123" required></div>
  </div>
  <label for="name">Titulaire de la carte</label>
  <input id="name" name="name" autocomplete="cc-name">
  <p class="hint">Carte de test acceptée : 4242 4242 4242 4242. Carte refusée : 4000 0000 0000 0002.</p>
  ${args.error ? `<p class="error" role="alert">${escapeHtml(args.error)}</p>` : ''}
  <button class="primary" type="submit">Payer ${euros(args.amountCents)}</button>
</form>
<a class="button" href="${escapeHtml(args.cancelUrl)}">Annuler</a>`,
  );
}

export function portalPage(args: {
  portalId: string;
  productName: string | null;
  amountCents: number;
  periodEnd: number | null;
  cancelAtPeriodEnd: boolean;
  active: boolean;
  returnUrl: string;
}): string {
  const date = args.periodEnd
    ? new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeZone: 'Europe/Paris' }).format(args.periodEnd * 1000)
    : '';
  const action = (name: string, label: string, cls: string) =>
    `<form method="post" action="/stripe-sandbox/portal/${encodeURIComponent(args.portalId)}/${name}"><button class="${cls}" type="submit">${label}</button></form>`;
  const body = !args.active
    ? `<h1>Votre abonnement</h1><p>Aucun abonnement actif.</p>`
    : `<h1>Votre abonnement</h1>
<p><strong>${escapeHtml(args.productName ?? '')}</strong> — ${euros(args.amountCents)} par mois</p>
<p>${args.cancelAtPeriodEnd ? `Se termine le ${date}` : `Renouvellement le ${date}`}</p>
<p class="hint">Moyen de paiement : carte de test •••• 4242</p>
${args.cancelAtPeriodEnd ? action('resume', "Reprendre l'abonnement", 'primary') : action('cancel', "Annuler l'abonnement", 'secondary')}`;
  return page(
    'Gérer mon abonnement — Atelier',
    `${body}<a class="button" href="${escapeHtml(args.returnUrl)}">Retour</a>`,
  );
}
