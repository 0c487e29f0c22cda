import { Button, Dialog, Field, Input, Portal, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { isAxiosError } from 'axios';
import { type FormEvent, useState } from 'react';
import { listContactTypes } from '../../../generated/hooks/contact-types/contact-types.ts';
import { createContact, getListContactsQueryKey } from '../../../generated/hooks/contacts/contacts.ts';
import type { RemoteOption } from '../../ui/remote-select.tsx';
import { errorMessage, errorStatus, validationErrors } from '../shared/request-error.ts';

export type ContactRole = 'customer' | 'supplier';

export type NewContactDialogProps = {
  role: ContactRole;
  // What was typed in the picker before choosing "New customer…": the new contact's name to start with.
  name: string;
  onCreated: (option: RemoteOption) => void;
  onClose: () => void;
};

const words: Record<ContactRole, string> = { customer: 'Customer', supplier: 'Supplier' };

// The contact type a role means: the one named Customer or Supplier, as the pickers' `role` filter reads it
// (docs/domain/management.md, Contacts).
async function contactTypeOf(role: ContactRole): Promise<number> {
  const page = await listContactTypes({ search: role, per_page: 100 });
  const found = page.data.find((type) => type.name.trim().toLowerCase() === role);
  if (!found) throw new Error(`This business has no contact type named ${words[role]}; add it under Contact Types.`);
  return found.id;
}

/**
 * docs/domain/screens.md, After saving: "New customer…" in a document's picker makes the contact here, on top of the
 * document's form, which keeps everything typed in it; the new contact is then the picker's choice.
 */
export function NewContactDialog({ role, name, onCreated, onClose }: NewContactDialogProps) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState({ name, phone: '', email: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  // The server's word that this looks like a contact already on file (same name and phone): shown with "Save anyway".
  const [likelyTwin, setLikelyTwin] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const title = `New ${words[role].toLowerCase()}`;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    // The dialog sits in a portal, but React passes its submit on to the document's form around the picker.
    event.preventDefault();
    event.stopPropagation();
    void save(false);
  };

  const save = async (anotherPerson: boolean) => {
    if (values.name.trim() === '') {
      setErrors({ name: 'Enter the name.' });
      return;
    }
    setBusy(true);
    setErrors({});
    setFailure(null);
    setLikelyTwin(null);
    try {
      const contact = await createContact({
        contact_type_id: await contactTypeOf(role),
        name: values.name.trim(),
        phone: values.phone.trim() || null,
        email: values.email.trim() || null,
        ...(anotherPerson ? { allow_duplicate: true } : {}),
      });
      await queryClient.invalidateQueries({ queryKey: getListContactsQueryKey() });
      onCreated({ value: contact.id, label: contact.name });
    } catch (error) {
      const fields = validationErrors(error);
      if (fields) setErrors(fields);
      else if (errorStatus(error) === 409) setLikelyTwin(errorMessage(error));
      else setFailure(!isAxiosError(error) && error instanceof Error ? error.message : errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const field = (key: keyof typeof values, label: string, type = 'text') => (
    <Field.Root id={`new-contact-${key}`} invalid={Boolean(errors[key])} required={key === 'name'}>
      <Field.Label>
        {label}
        {key === 'name' ? <Field.RequiredIndicator /> : null}
      </Field.Label>
      <Input
        type={type}
        value={values[key]}
        onChange={(event) => {
          const typed = event.currentTarget.value;
          setValues((current) => ({ ...current, [key]: typed }));
          setLikelyTwin(null);
        }}
      />
      <Field.ErrorText>{errors[key]}</Field.ErrorText>
    </Field.Root>
  );

  return (
    <Dialog.Root
      open
      // The picker takes the keyboard back itself, showing the new choice (see RemoteSelect's `create`).
      restoreFocus={false}
      initialFocusEl={() => document.getElementById('new-contact-name')}
      onOpenChange={(details) => {
        if (!details.open && !busy) onClose();
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content asChild>
            <form onSubmit={submit} noValidate aria-label={title}>
              <Dialog.Header>
                <Dialog.Title>{title}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  {field('name', 'Name')}
                  {field('phone', 'Phone', 'tel')}
                  {field('email', 'Email', 'email')}
                  {likelyTwin ? (
                    <Text color="fg.warning" role="alert">
                      {likelyTwin}
                    </Text>
                  ) : null}
                  {failure ? (
                    <Text color="fg.error" role="alert">
                      {failure}
                    </Text>
                  ) : null}
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={onClose} disabled={busy}>
                  Cancel
                </Button>
                {likelyTwin ? (
                  <Button variant="outline" colorPalette="orange" loading={busy} onClick={() => void save(true)}>
                    Save anyway
                  </Button>
                ) : null}
                <Button type="submit" colorPalette="teal" loading={busy}>
                  {`Save ${words[role].toLowerCase()}`}
                </Button>
              </Dialog.Footer>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
