// Acme's vocabulary labels, in the five languages.
function label(en: string, es: string, ptBR: string, fr: string, it: string): string {
  return JSON.stringify({ en, es, 'pt-BR': ptBR, fr, it });
}

export const ACME_LABELS: Record<string, string> = {
  Platform: label('Acme Track', 'Acme Track', 'Acme Track', 'Acme Track', 'Acme Track'),
  Things: label('Assets', 'Activos', 'Ativos', 'Actifs', 'Beni'),
  Thing: label('Asset', 'Activo', 'Ativo', 'Actif', 'Bene'),
  ThingTypes: label(
    'Asset Types',
    'Tipos de activo',
    'Tipos de ativo',
    "Types d'actif",
    'Tipi di bene',
  ),
  Zones: label('Areas', 'Áreas', 'Áreas', 'Zones', 'Aree'),
  ZoneTypes: label('Area Types', 'Tipos de área', 'Tipos de área', 'Types de zone', 'Tipi di area'),
  ZoneGroups: label(
    'Area Groups',
    'Grupos de áreas',
    'Grupos de áreas',
    'Groupes de zones',
    'Gruppi di aree',
  ),
  Groups: label('Sites', 'Sitios', 'Locais', 'Sites', 'Siti'),
  Users: label('Staff', 'Personal', 'Equipe', 'Personnel', 'Personale'),
  Roles: label('Roles', 'Roles', 'Funções', 'Rôles', 'Ruoli'),
  Reports: label('Reports', 'Informes', 'Relatórios', 'Rapports', 'Report'),
  LogicalReaders: label('Readers', 'Lectores', 'Leitores', 'Lecteurs', 'Lettori'),
  // One record of each (dialog titles, field labels, toasts: "Edit asset", "Asset ACN-00004 saved").
  ThingType: label('Asset Type', 'Tipo de activo', 'Tipo de ativo', "Type d'actif", 'Tipo di bene'),
  Zone: label('Area', 'Área', 'Área', 'Zone', 'Area'),
  ZoneType: label('Area Type', 'Tipo de área', 'Tipo de área', 'Type de zone', 'Tipo di area'),
  ZoneGroup: label(
    'Area Group',
    'Grupo de áreas',
    'Grupo de áreas',
    'Groupe de zones',
    'Gruppo di aree',
  ),
  Group: label('Site', 'Sitio', 'Local', 'Site', 'Sito'),
  User: label(
    'Staff member',
    'Miembro del personal',
    'Membro da equipe',
    'Membre du personnel',
    'Membro del personale',
  ),
  Role: label('Role', 'Rol', 'Função', 'Rôle', 'Ruolo'),
  LogicalReader: label('Reader', 'Lector', 'Leitor', 'Lecteur', 'Lettore'),
  Report: label('Report', 'Informe', 'Relatório', 'Rapport', 'Report'),
};
