// The address form as typed, kept for the length of a sign-in detour: a 401 on save sends the shopper to sign in
// And back on the address book the modal opens again with what they typed. sessionStorage: this tab
// only, gone when it closes; read once.

const DRAFT_KEY = 'anxin.addressDraft';

export type AddressFormValues = {
  consignee: string;
  consigneePhone2: string;
  consigneePhone1: string;
  region: string[];
  customArea: string;
  zipCode: string;
  isDefault: boolean;
};

export type AddressDraft = { addressId: number | null; values: Partial<AddressFormValues> };

export function saveAddressDraft(draft: AddressDraft): void {
  try {
    window.sessionStorage.setItem(DRAFT_KEY, JSON.stringify(draft));
  } catch {
    // Storage refused: the form simply is not restored.
  }
}

export function clearAddressDraft(): void {
  try {
    window.sessionStorage.removeItem(DRAFT_KEY);
  } catch {
    // Nothing to clear.
  }
}

/** The kept draft, removed as it is read. */
export function takeAddressDraft(): AddressDraft | undefined {
  try {
    const text = window.sessionStorage.getItem(DRAFT_KEY);
    window.sessionStorage.removeItem(DRAFT_KEY);
    if (!text) return undefined;
    const draft = JSON.parse(text) as AddressDraft;
    if (!draft || typeof draft !== 'object' || typeof draft.values !== 'object') return undefined;
    return draft;
  } catch {
    return undefined;
  }
}
