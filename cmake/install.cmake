# Install rules and the package files: find_package(npu_memory_config CONFIG)
# from an install or from the build tree, and pkg-config.
set(npu_config_dir "${CMAKE_INSTALL_DATADIR}/npu_memory_config/cmake")  # header-only: arch-independent

install(DIRECTORY "${PROJECT_SOURCE_DIR}/include/npu" DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}")
install(TARGETS ${npu_exported_targets} EXPORT npu_memory_config_targets)
install(EXPORT npu_memory_config_targets
  NAMESPACE npu::
  FILE npu_memory_configTargets.cmake
  DESTINATION "${npu_config_dir}")

configure_package_config_file("${PROJECT_SOURCE_DIR}/cmake/npu_memory_configConfig.cmake.in"
  "${PROJECT_BINARY_DIR}/npu_memory_configConfig.cmake"
  INSTALL_DESTINATION "${npu_config_dir}")
write_basic_package_version_file("${PROJECT_BINARY_DIR}/npu_memory_configConfigVersion.cmake"
  COMPATIBILITY SameMajorVersion
  ARCH_INDEPENDENT)
install(FILES
  "${PROJECT_BINARY_DIR}/npu_memory_configConfig.cmake"
  "${PROJECT_BINARY_DIR}/npu_memory_configConfigVersion.cmake"
  DESTINATION "${npu_config_dir}")

# The build tree is a package too (CMAKE_PREFIX_PATH=<build dir>).
export(EXPORT npu_memory_config_targets
  NAMESPACE npu::
  FILE "${PROJECT_BINARY_DIR}/npu_memory_configTargets.cmake")

# pkg-config: the core, and the JSON layer, which requires nlohmann_json.
configure_file("${PROJECT_SOURCE_DIR}/cmake/npu_memory_config.pc.in"
  "${PROJECT_BINARY_DIR}/npu_memory_config.pc" @ONLY)
install(FILES "${PROJECT_BINARY_DIR}/npu_memory_config.pc" DESTINATION "${CMAKE_INSTALL_DATADIR}/pkgconfig")
if(NPU_MEMORY_CONFIG_JSON)
  configure_file("${PROJECT_SOURCE_DIR}/cmake/npu_memory_config_json.pc.in"
    "${PROJECT_BINARY_DIR}/npu_memory_config_json.pc" @ONLY)
  install(FILES "${PROJECT_BINARY_DIR}/npu_memory_config_json.pc" DESTINATION "${CMAKE_INSTALL_DATADIR}/pkgconfig")
endif()
