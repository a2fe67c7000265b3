package app.salondesk.gui.catalog;

import app.salondesk.logic.catalog.ResourceRepository;
import app.salondesk.logic.catalog.ServiceRepository;
import app.salondesk.model.catalog.ServiceDetails;

import java.util.List;
import java.util.Optional;
import java.util.Set;

/** ☰ → Rooms and equipment's reads and writes for one salon, on the repositories (called off the FX thread). */
public final class ResourceStore implements ResourcesViewModel.Store {

    private final ResourceRepository resources;
    private final ServiceRepository services;
    private final long salonId;

    public ResourceStore(ResourceRepository resources, ServiceRepository services, long salonId) {
        this.resources = resources;
        this.services = services;
        this.salonId = salonId;
    }

    @Override
    public List<ResourceRepository.Resource> resources() {
        return resources.findAll(salonId);
    }

    @Override
    public List<ServiceDetails> services() {
        return services.findAll(salonId);
    }

    @Override
    public void add(String name, int capacity) {
        resources.add(salonId, name, capacity);
    }

    @Override
    public Optional<ResourceRepository.Refused> change(long resourceId, String name, int capacity, boolean active) {
        return resources.change(salonId, resourceId, name, capacity, active);
    }

    @Override
    public Optional<ResourceRepository.Refused> setNeededBy(long resourceId, Set<Long> before, Set<Long> now) {
        return resources.saveNeeds(salonId, resourceId, before, now);
    }
}
