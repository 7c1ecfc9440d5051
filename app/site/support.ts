/** Support links built from the CMS site settings. Pure, so the browser and tests use it too. */

/** `https://wa.me/<digits>?text=<message>`; wa.me wants the international number with digits only. */
export function whatsappHref(number: string, message: string): string | null {
  const digits = number.replace(/\D/g, "");
  if (digits.length < 6) return null;
  return `https://wa.me/${digits}?text=${encodeURIComponent(message)}`;
}

/** `tel:` with the visible number's spaces and punctuation removed (a leading + kept). */
export function telHref(phone: string): string | null {
  const cleaned = phone.trim().replace(/(?!^\+)[^\d]/g, "");
  return /\d{5,}/.test(cleaned) ? `tel:${cleaned}` : null;
}

export function mailtoHref(email: string): string | null {
  return /^[^\s@]+@[^\s@]+$/.test(email.trim()) ? `mailto:${email.trim()}` : null;
}

/** Only http(s) chat links reach the page. */
export function chatHref(url: string): string | null {
  return /^https?:\/\//i.test(url.trim()) ? url.trim() : null;
}
