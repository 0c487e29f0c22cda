import { Box, Collapsible, Link, Stack, Text } from '@chakra-ui/react';
import { LuChevronDown, LuLayoutDashboard } from 'react-icons/lu';
import { NavLink, useLocation } from 'react-router-dom';
import { usePermissions } from '../auth/use-permissions.ts';
import { preloadPath } from './route-preload.ts';
import { sidebarModel } from './sidebar-model.ts';

// Pointed at, touched or reached by Tab, a link fetches its screen's code (and a resource's form, the next screen
// at the counter), so that the click opens it without waiting on the line.
// `shadowed`: a longer path of another link on the sidebar, under this one (Power Grid at /items/power-grid under
// Items): there only that link is lit.
function SidebarLink({
  to,
  children,
  preloads = [to],
  shadowed = [],
}: {
  to: string;
  children: string;
  preloads?: string[];
  shadowed?: readonly string[];
}) {
  const { pathname } = useLocation();
  const under = (path: string) => pathname === path || pathname.startsWith(`${path}/`);
  const lit = shadowed.some(under) ? false : undefined;
  const preload = () => {
    for (const path of preloads) preloadPath(path);
  };
  return (
    <Link asChild display="block" px="3" py="1.5" rounded="md" textStyle="sm" _hover={{ bg: 'bg.muted' }}>
      <NavLink
        to={to}
        onPointerEnter={preload}
        onTouchStart={preload}
        onFocus={preload}
        style={({ isActive }) =>
          (lit ?? isActive) ? { fontWeight: 600, background: 'var(--chakra-colors-teal-50)' } : {}
        }
        aria-current={lit === false ? false : undefined}
      >
        {children}
      </NavLink>
    </Link>
  );
}

// Drawn only once the user's permissions are loaded (docs/domain/screens.md, The shell).
export function Sidebar() {
  const held = usePermissions();
  if (held === null) return null;
  const groups = sidebarModel(held);
  const paths = groups.flatMap((group) => [
    ...group.links.map((resource) => `/${resource.key}`),
    ...group.reports.map((report) => report.path),
  ]);
  const longerUnder = (path: string) => paths.filter((other) => other.startsWith(`${path}/`));
  return (
    <Stack as="nav" aria-label="Main" gap="3" p="3">
      <Box>
        <Text textStyle="xs" fontWeight="semibold" color="fg.muted" px="3" mb="1" textTransform="uppercase">
          Dashboards
        </Text>
        <Link asChild display="flex" gap="2" alignItems="center" px="3" py="1.5" rounded="md" textStyle="sm">
          <NavLink to="/overview">
            <LuLayoutDashboard /> Overview
          </NavLink>
        </Link>
      </Box>
      {groups.map((group) => (
        <Collapsible.Root key={group.key} defaultOpen>
          <Collapsible.Trigger
            display="flex"
            width="full"
            justifyContent="space-between"
            alignItems="center"
            px="3"
            py="1"
            cursor="pointer"
            textStyle="xs"
            fontWeight="semibold"
            color="fg.muted"
            textTransform="uppercase"
          >
            {group.label}
            <LuChevronDown />
          </Collapsible.Trigger>
          <Collapsible.Content>
            {group.links.map((resource) => (
              <SidebarLink
                key={resource.key}
                to={`/${resource.key}`}
                preloads={[`/${resource.key}`, `/${resource.key}/create`]}
                shadowed={longerUnder(`/${resource.key}`)}
              >
                {resource.plural}
              </SidebarLink>
            ))}
            {group.reports.map((report) => (
              <SidebarLink key={report.key} to={report.path} shadowed={longerUnder(report.path)}>
                {report.label}
              </SidebarLink>
            ))}
          </Collapsible.Content>
        </Collapsible.Root>
      ))}
    </Stack>
  );
}
