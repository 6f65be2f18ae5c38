import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../testing/axe';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './tabs';

function ProfileTabs() {
  return (
    <Tabs defaultValue="price">
      <TabsList aria-label="Profile">
        <TabsTrigger value="price">Price</TabsTrigger>
        <TabsTrigger value="place">Place</TabsTrigger>
        <TabsTrigger value="contacts">Contacts</TabsTrigger>
      </TabsList>
      <TabsContent value="price">Prices here</TabsContent>
      <TabsContent value="place">Apartment</TabsContent>
      <TabsContent value="contacts">Telegram</TabsContent>
    </Tabs>
  );
}

describe('Tabs', () => {
  it('switches tabs with the keyboard arrows', async () => {
    render(<ProfileTabs />);
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Price' }));

    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Place' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').textContent).toBe('Apartment');

    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Contacts' }));
    expect(screen.getByRole('tabpanel').textContent).toBe('Telegram');
  });

  it('switches tabs on click and links each panel to its tab', async () => {
    const { container } = render(<ProfileTabs />);
    await userEvent.click(screen.getByRole('tab', { name: 'Contacts' }));
    expect(screen.getByRole('tabpanel', { name: 'Contacts' }).textContent).toBe('Telegram');
    await expectNoAxeViolations(container);
  });
});
