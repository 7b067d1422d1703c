// The users, invitations and roles messages of lib/i18n.ts (spread into its table).

export const ADMIN_MESSAGES = {
  roleNotFound: { 'pt-BR': 'Cargo não encontrado', en: 'Role not found' },
  roleNameTaken: { 'pt-BR': 'Já existe um cargo com este nome', en: 'A role with this name already exists' },
  roleInUse: {
    'pt-BR':
      'Este cargo está em uso ({count}): passe os usuários e convites para outro cargo antes de excluí-lo',
    en: 'This role is in use ({count}): move its users and invitations to another role before deleting it',
  },
  roleReplaceSame: {
    'pt-BR': 'Escolha outro cargo para substituir o que será excluído',
    en: 'Choose another role to replace the one being deleted',
  },
  grantBeyondOwn: {
    'pt-BR': 'Você não pode conceder permissões que não possui: {permissions}',
    en: 'You cannot grant permissions you do not hold: {permissions}',
  },
  userOutranks: {
    'pt-BR': 'Este usuário tem permissões que você não possui: {permissions}',
    en: 'This user holds permissions you do not hold: {permissions}',
  },
  roleOutranks: {
    'pt-BR': 'Este cargo tem permissões que você não possui: {permissions}',
    en: 'This role holds permissions you do not hold: {permissions}',
  },
  lastManager: {
    'pt-BR':
      'A equipe precisa de ao menos um usuário que gerencie os usuários: dê essa permissão a outra pessoa antes',
    en: 'The team needs at least one user who manages its users: give someone else that permission first',
  },
  alreadyMember: {
    'pt-BR': 'Este e-mail já pertence a um usuário da equipe',
    en: 'This e-mail already belongs to a user of the team',
  },
  invitationPending: {
    'pt-BR': 'Já existe um convite pendente para este e-mail: reenvie-o',
    en: 'There is already a pending invitation for this e-mail: resend it',
  },
  invitationNotFound: { 'pt-BR': 'Convite não encontrado', en: 'Invitation not found' },
  invitationGone: {
    'pt-BR': 'Este convite já foi usado, cancelado ou expirou. Peça um novo convite',
    en: 'This invitation has been used, cancelled or has expired. Ask for a new one',
  },
  invitationOtherUser: {
    'pt-BR': 'Este convite é para {email}: entre com essa conta para aceitá-lo',
    en: 'This invitation is for {email}: sign in with that account to accept it',
  },
  tooManyRequests: {
    'pt-BR': 'Muitas tentativas. Tente novamente em {seconds, plural, one {# segundo} other {# segundos}}',
    en: 'Too many attempts. Try again in {seconds, plural, one {# second} other {# seconds}}',
  },
} as const;
