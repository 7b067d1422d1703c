import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import * as css from '@/components/ui/admin-page.css';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { ListError, listQueryState } from '@/components/ui/list-error';
import { notify } from '@/components/ui/notify';
import { RemoveUserDialog } from '@/components/ui/remove-user-dialog';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { failureText } from '@/lib/failure-text';
import { capitalize } from '@/lib/text';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useSession } from '@/lib/use-session';
import { useRoles } from '../api/list-roles';
import { type LibraryMember, useMemberChanges, useMembers } from '../api/members';
import { roleOptions } from './role-options';

/** /members (showVOD reads, manageTeamUsers manages): who can see the team's video library. */
export function MembersPage() {
  const { t, i18n } = useLingui();
  useDocumentTitle(t`Membros`);
  const members = useMembers();
  const canManage = members.data?.canManage === true;
  const roles = useRoles(canManage);
  const { add, remove } = useMemberChanges();
  const me = useSession().user?.id;
  const [email, setEmail] = useState('');
  const [roleId, setRoleId] = useState('');
  const [error, setError] = useState<string>();
  const [removing, setRemoving] = useState<LibraryMember>();
  const vodRoles = roles.data?.filter((r) => r.permissions.includes('showVOD'));

  const onAdd = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(undefined);
    if (!email.trim() || !roleId) return setError(t`Informe o e-mail e o cargo`);
    add.mutate(
      { email: email.trim(), roleId },
      {
        onSuccess: (m) => {
          notify('success', t`Membro adicionado`, m.name);
          setEmail('');
        },
        onError: (e) => setError(failureText(e, t`Não foi possível adicionar o membro. Tente novamente`)),
      },
    );
  };

  return (
    <div className={css.page}>
      <div className={css.header}>
        <h1 className={css.title}>
          <Trans>Membros</Trans>
        </h1>
      </div>
      <p className={css.muted}>
        <Trans>Quem pode ver a biblioteca de vídeos deste time (cargos com acesso ao VOD).</Trans>
      </p>
      {canManage ? (
        <form className={css.searchForm} aria-label={t`Adicionar membro`} onSubmit={onAdd} noValidate>
          <TextField
            className={css.grow}
            name="email"
            type="email"
            label={t`E-mail de um usuário do cliente`}
            value={email}
            maxLength={254}
            onChange={(e) => setEmail(e.currentTarget.value)}
          />
          <Select
            name="role"
            label={t`Cargo`}
            options={roleOptions(vodRoles, i18n.locale)}
            value={roleId}
            onValueChange={setRoleId}
            placeholder={t`Escolha um cargo`}
          />
          <Button type="submit" busy={add.isPending}>
            <Trans>Adicionar</Trans>
          </Button>
        </form>
      ) : null}
      {error ? <Alert>{error}</Alert> : null}
      <ListError {...listQueryState(members)} />
      {members.data === undefined ? (
        members.isError ? null : (
          <div className={css.list} aria-busy="true">
            <div className={css.row}>
              <Skeleton height="1.2em" />
            </div>
          </div>
        )
      ) : (
        <ul className={css.list} aria-label={t`Membros`}>
          {members.data.items.map((m) => (
            <li key={m.id} className={css.row} data-testid="library-member">
              <span className={css.cell}>
                <span className={css.name}>{m.name}</span>
                <span className={css.muted}>{m.email}</span>
              </span>
              <span className={css.cell}>{capitalize(m.role, i18n.locale)}</span>
              <span />
              <span className={css.actions}>
                {canManage && m.id !== me ? (
                  <button type="button" className={css.dangerLink} onClick={() => setRemoving(m)}>
                    <Trans>Remover da equipe</Trans>
                    <span className={css.visuallyHidden}> {m.name}</span>
                  </button>
                ) : null}
              </span>
            </li>
          ))}
        </ul>
      )}
      <RemoveUserDialog user={removing} onClose={() => setRemoving(undefined)} remove={remove} />
    </div>
  );
}
