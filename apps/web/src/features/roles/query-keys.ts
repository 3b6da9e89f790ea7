/** Every query key of the roles feature (roles are not data of a warehouse: no context part). */
export const roleKeys = {
  all: ['roles'] as const,
};
