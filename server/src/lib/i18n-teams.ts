// The /teams, /clients and /members messages of lib/i18n.ts (spread into its table).

export const TEAM_MESSAGES = {
  teamNameTaken: {
    'pt-BR': 'Já existe um time deste cliente com este nome',
    en: 'This client already has a team with this name',
  },
  smallImageTooLarge: {
    'pt-BR': 'A imagem excedeu o limite de 5MB',
    en: 'The image exceeds the 5MB limit',
  },
  memberRoleWithoutVod: {
    'pt-BR': 'Escolha um cargo com acesso à biblioteca de vídeos (showVOD)',
    en: 'Choose a role with access to the video library (showVOD)',
  },
} as const;
