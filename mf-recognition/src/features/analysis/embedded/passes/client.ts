// Pass 2 (client fields): e-mail, name, project title, then — once number words are digits — phone, address and
// company are found and cut out, so that a street number or a postal code is not read as a quantity.
import { findEmails } from '../../model/email';
import { rewriteNumberWords } from '../../model/numbers';
import { findPhoneNumbers } from '../../model/phone';
import type { RawTextExtraction } from '../extract-from-text';
import { findAddress, findClientName, findProjectTitle } from '../client-fields';
import { rewriteCorrections, rewriteTimeFractions } from './corrections';
import { rewriteDimensions } from './dimensions';
import { cut } from './prepare';

export type ClientPass = { text: string; client: RawTextExtraction['client']; projectTitle?: string };

export function readClientFields(input: string): ClientPass {
  let text = input;
  const client: RawTextExtraction['client'] = {};
  const email = findEmails(text)[0];
  if (email) {
    client.email = email.email;
    text = cut(text, email);
  }
  const name = findClientName(text);
  if (name) {
    client.name = name.value;
    text = cut(text, name);
  }
  const title = findProjectTitle(text);
  if (title) text = cut(text, title);

  // « plus trente-trois six… » is a +33 number once the words are digits.
  text = rewriteNumberWords(text).replace(/(?<![\p{L}])plus\s+(?=33(?:\s|\d))/giu, '+');
  // « zéro un dix » in a spoken phone number: « un » between figures is the digit 1, not an article.
  text = text.replace(/(?<=(?<![\d.,])\d{1,2}[ \t]+)(?:un|une)(?=[ \t]+\d{1,2}(?![\d.,]))/giu, '1');
  text = rewriteDimensions(rewriteCorrections(rewriteTimeFractions(text)));
  const phone = findPhoneNumbers(text)[0];
  if (phone) {
    client.phone = phone.phone;
    text = cut(text, phone);
  }
  const address = findAddress(text);
  if (address) {
    client.address = address.value;
    text = cut(text, address);
  }
  // « Karine de chez Leblanc Rénovation »: a firm's name is not work to quote; it is the client's company.
  const company = [...text.matchAll(COMPANY)][0];
  if (company) {
    const value = company[0].replace(COMPANY_KEYWORD, '').trim();
    if (value) client.company = value;
  }
  text = text.replace(COMPANY, '\n');
  return { text, client, projectTitle: title?.value };
}

const COMPANY =
  /(?<![\p{L}])(?:(?:de[ \t]+)?(?:chez|entreprise|Entreprise|ets\.?|Ets\.?|ETS\.?|établissements|Établissements)[ \t]+\p{Lu}[\p{L}'-]*(?:[ \t]+\p{Lu}[\p{L}'-]*)+|(?:société|Société|SARL|SAS|EURL|SCI|Sarl)[ \t]+\p{Lu}[\p{L}'&-]*(?:[ \t]+\p{Lu}[\p{L}'&-]*)*)/gu;
const COMPANY_KEYWORD =
  /^(?:de\s+)?(?:chez|entreprise|Entreprise|ets\.?|Ets\.?|ETS\.?|établissements|Établissements|société|Société)\s+/u;
